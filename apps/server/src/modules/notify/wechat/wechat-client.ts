/**
 * The WeChat official-account API: the access token (cached, refreshed early, one refresh at a time), template
 * messages and temporary QR codes. WeChat answers errors with HTTP 200 and `{errcode, errmsg}`.
 *
 * The app secret and the access token travel in query strings, so no URL ever goes into an error message.
 */

export interface WechatClientOptions {
  /** e.g. https://api.weixin.qq.com (no trailing slash). */
  apiBase: string;
  appId: string | null;
  appSecret: string | null;
  now: () => Date;
  timeoutMs?: number;
  /** Refresh the token this long before WeChat says it expires. */
  refreshEarlyMs?: number;
}

/** Template data as WeChat takes it: `{keyword1: {value: '…'}, …}`. */
export type TemplateData = Record<string, { value: string }>;

export interface QrCode {
  ticket: string;
  expire_seconds: number;
  /** What the QR code encodes. */
  url: string;
}

/**
 * A failed call. `errcode` is WeChat's (null when there was no WeChat answer: network, timeout, HTTP error);
 * `status` is the HTTP status when the answer was not 2xx.
 */
export class WechatApiError extends Error {
  constructor(
    message: string,
    readonly errcode: number | null,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/** The access token is invalid, was replaced by a newer one, or expired: fetch a new one and try once more. */
export const TOKEN_ERRCODES: ReadonlySet<number> = new Set([40001, 40014, 42001]);

interface CachedToken {
  value: string;
  /** ms since epoch when it is refreshed (already early). */
  refreshAt: number;
}

export class WechatClient {
  private readonly timeoutMs: number;
  private readonly refreshEarlyMs: number;
  private cached: CachedToken | null = null;
  private refreshing: Promise<string> | null = null;

  constructor(private readonly options: WechatClientOptions) {
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.refreshEarlyMs = options.refreshEarlyMs ?? 5 * 60_000;
  }

  /** App id and secret are set: the client can call WeChat. */
  get configured(): boolean {
    return this.options.appId !== null && this.options.appSecret !== null;
  }

  /** Sends a template message; resolves with WeChat's msgid. */
  async sendTemplate(openid: string, templateId: string, url: string, data: TemplateData): Promise<number> {
    const answer = await this.post<{ msgid?: number }>('template message', '/cgi-bin/message/template/send', {
      touser: openid,
      template_id: templateId,
      url,
      data,
    });
    return Number(answer.msgid ?? 0);
  }

  /** A temporary QR code whose scan reports `sceneStr` back to the callback. */
  async createQrCode(sceneStr: string, expireSeconds: number): Promise<QrCode> {
    const answer = await this.post<Partial<QrCode>>('QR code', '/cgi-bin/qrcode/create', {
      expire_seconds: expireSeconds,
      action_name: 'QR_STR_SCENE',
      action_info: { scene: { scene_str: sceneStr } },
    });
    if (typeof answer.url !== 'string' || typeof answer.ticket !== 'string') {
      throw new WechatApiError('WeChat answered the QR code request without a url', null);
    }
    return { ticket: answer.ticket, url: answer.url, expire_seconds: Number(answer.expire_seconds) };
  }

  /** A valid access token: the cached one, or one fresh fetch shared by every caller waiting for it. */
  async accessToken(): Promise<string> {
    const cached = this.cached;
    if (cached && this.options.now().getTime() < cached.refreshAt) return cached.value;
    if (!this.refreshing) {
      this.refreshing = this.fetchToken().finally(() => {
        this.refreshing = null;
      });
    }
    return this.refreshing;
  }

  private async fetchToken(): Promise<string> {
    const { appId, appSecret } = this.options;
    if (appId === null || appSecret === null) {
      throw new WechatApiError('WECHAT_APP_ID and WECHAT_APP_SECRET are not set', null);
    }
    const query = new URLSearchParams({ grant_type: 'client_credential', appid: appId, secret: appSecret });
    const answer = await this.request<{ access_token?: string; expires_in?: number }>(
      'access token',
      `/cgi-bin/token?${query}`,
      { method: 'GET' },
    );
    if (typeof answer.access_token !== 'string' || !answer.access_token) {
      throw new WechatApiError('WeChat answered the access token request without a token', null);
    }
    const lifetimeMs = Number(answer.expires_in ?? 7200) * 1000;
    // A token shorter-lived than the margin is still used once rather than refetched on every call.
    const usableMs = Math.max(lifetimeMs - this.refreshEarlyMs, Math.min(lifetimeMs, 60_000));
    this.cached = { value: answer.access_token, refreshAt: this.options.now().getTime() + usableMs };
    return answer.access_token;
  }

  /** POST with the access token; a token WeChat no longer accepts is dropped, refetched and tried once more. */
  private async post<T>(what: string, path: string, body: unknown): Promise<T> {
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    };
    const token = await this.accessToken();
    try {
      return await this.request<T>(what, `${path}?access_token=${encodeURIComponent(token)}`, init);
    } catch (error) {
      if (
        !(error instanceof WechatApiError) ||
        error.errcode === null ||
        !TOKEN_ERRCODES.has(error.errcode)
      ) {
        throw error;
      }
      // Only drop the token that failed: a concurrent caller may already have fetched a newer one.
      if (this.cached?.value === token) this.cached = null;
      const fresh = await this.accessToken();
      return this.request<T>(what, `${path}?access_token=${encodeURIComponent(fresh)}`, init);
    }
  }

  private async request<T>(what: string, pathAndQuery: string, init: RequestInit): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.options.apiBase}${pathAndQuery}`, {
        ...init,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new WechatApiError(`WeChat ${what} request failed: ${reasonOf(error)}`, null);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new WechatApiError(
        `WeChat answered the ${what} request with HTTP ${response.status}`,
        null,
        response.status,
      );
    }
    let answer: T & { errcode?: number; errmsg?: string };
    try {
      answer = (await response.json()) as T & { errcode?: number; errmsg?: string };
    } catch {
      throw new WechatApiError(`WeChat answered the ${what} request with something that is not JSON`, null);
    }
    if (typeof answer.errcode === 'number' && answer.errcode !== 0) {
      throw new WechatApiError(
        `WeChat refused the ${what}: ${answer.errcode} ${String(answer.errmsg ?? '').slice(0, 200)}`,
        answer.errcode,
      );
    }
    return answer;
  }
}

/** Why a fetch failed, without its URL (which carries the secret or the token). */
function reasonOf(error: unknown): string {
  const e = error as { name?: string; cause?: { code?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return 'timed out';
  return e?.cause?.code ?? e?.name ?? 'network error';
}
