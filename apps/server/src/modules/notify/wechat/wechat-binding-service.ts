import type { Language } from '@thunderwatch/shared/languages';
import type { WechatBindingCode, WechatBindingStatus } from '@thunderwatch/shared/schemas/wechat';
import { type AuthUser, requirePermission } from '../../../lib/access.js';
import { AppError } from '../../../lib/app-error.js';
import { displayKey, hashKey, newBindingKey, normalizeKey } from './binding-key.js';
import type { WechatBindingsRepo } from './wechat-bindings-repo.js';
import type { WechatClient } from './wechat-client.js';

/** How long a binding key (and its QR code) works. */
export const KEY_TTL_SEC = 10 * 60;

/** `oMgH…glDg`: enough to recognise one's own account, not enough to message it. */
export function maskOpenid(openid: string): string {
  if (openid.length <= 8) return `${openid.slice(0, 2)}…`;
  return `${openid.slice(0, 4)}…${openid.slice(-4)}`;
}

/** Each user binds their own WeChat account (scan a QR code or send a code), sees it and removes it. */
export class WechatBindingService {
  constructor(
    private readonly d: {
      bindings: WechatBindingsRepo;
      client: Pick<WechatClient, 'configured' | 'createQrCode'>;
      /** WECHAT_TOKEN: without it WeChat's callbacks cannot be verified, so nothing could complete a binding. */
      callbackToken: string | null;
      now: () => Date;
    },
  ) {}

  get configured(): boolean {
    return this.d.client.configured && this.d.callbackToken !== null;
  }

  async status(user: AuthUser): Promise<WechatBindingStatus> {
    requirePermission(user, 'profile.update');
    const row = await this.d.bindings.ofUser(user.id);
    if (!row) return { configured: this.configured, bound: false };
    return {
      configured: this.configured,
      bound: true,
      openid_masked: maskOpenid(row.openid),
      bound_at: row.bound_at.toISOString(),
    };
  }

  /** A new one-time key (earlier ones stop working) and the temporary QR code that carries it. */
  async createCode(user: AuthUser): Promise<WechatBindingCode> {
    requirePermission(user, 'profile.update');
    if (!this.configured) {
      throw new AppError('wechat.not_configured', 503, 'WeChat is not configured on this server');
    }
    const key = newBindingKey();
    const keyHash = hashKey(key);
    const now = this.d.now();
    const expiresAt = new Date(now.getTime() + KEY_TTL_SEC * 1000);
    await this.d.bindings.replaceKey(user.id, keyHash, now, expiresAt);
    let qrUrl: string;
    try {
      qrUrl = (await this.d.client.createQrCode(key, KEY_TTL_SEC)).url;
    } catch (error) {
      await this.d.bindings.deleteKey(keyHash);
      throw new AppError(
        'wechat.unavailable',
        502,
        `WeChat did not make the QR code: ${(error as Error).message}`,
      );
    }
    return {
      qr_url: qrUrl,
      expires_at: expiresAt.toISOString(),
      expires_in: KEY_TTL_SEC,
      binding_code: displayKey(key),
    };
  }

  async unbind(user: AuthUser): Promise<void> {
    requirePermission(user, 'profile.update');
    await this.d.bindings.unbindUser(user.id);
  }

  /**
   * From WeChat's callback (already verified): binds `openid` to the user whose key `text` is. Null when
   * `text` is no key at all; `{bound: false}` when it is one that does not work (unknown, used or expired).
   */
  async bindWithKey(
    openid: string,
    text: string,
  ): Promise<{ bound: true; language: Language } | { bound: false } | null> {
    const key = normalizeKey(text);
    if (key === null) return null;
    const done = await this.d.bindings.bindWithKey(hashKey(key), openid, this.d.now());
    return done ? { bound: true, language: done.language } : { bound: false };
  }

  /** The user stopped following the official account: template messages cannot reach them any more. */
  async unsubscribed(openid: string): Promise<void> {
    await this.d.bindings.unbindOpenid(openid);
  }
}
