import { type TemplateData, WechatApiError, type WechatClient } from '../../wechat/wechat-client.js';
import type { RenderedMessage } from '../templates/message-kind.js';
import { ChannelError, type DeliveryChannel, type OutgoingMessage } from './delivery-channel.js';

/**
 * WeChat shows keyword values of current templates only up to 20 characters (the `thing` type) and refuses
 * or clips longer ones; `remark` (still shown by older templates) takes the whole body up to this length.
 */
export const KEYWORD_MAX = 20;
export const REMARK_MAX = 200;

/** The user is not following the official account (any more): WeChat will not deliver to them. */
const UNSUBSCRIBED = 43004;
const INVALID_OPENID = 40003;
/** "System busy" and the daily/minute rate limit: worth trying again later. */
const RETRYABLE_ERRCODES: ReadonlySet<number> = new Set([-1, 45009]);

export function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * The template's fields. The official account's template must have these keywords (any wording around them),
 * e.g. "Lightning warning" with 内容 {{keyword1.DATA}} / 时间 {{keyword2.DATA}} / 详情 {{keyword3.DATA}}:
 * - first: the title (older templates show it above the keywords)
 * - keyword1: the title, e.g. "【雷电红色预警】机坪"
 * - keyword2: the event's local time, "2026-07-12 16:03"
 * - keyword3: the start of the body (nearest stroke, ETA…)
 * - remark: the whole body (older templates show it below)
 * The message opens the board (the template's url).
 */
export function wechatTemplateData(m: RenderedMessage, time: string): TemplateData {
  return {
    first: { value: clip(m.title, KEYWORD_MAX) },
    keyword1: { value: clip(m.title, KEYWORD_MAX) },
    keyword2: { value: time },
    keyword3: { value: clip(m.body, KEYWORD_MAX) },
    remark: { value: clip(m.body, REMARK_MAX) },
  };
}

/** Template messages of the WeChat official account to a bound user's openid. */
export class WechatChannel implements DeliveryChannel {
  readonly name = 'wechat' as const;

  constructor(
    private readonly d: {
      client: Pick<WechatClient, 'configured' | 'sendTemplate'>;
      /** WECHAT_TEMPLATE_ID. */
      templateId: string | null;
    },
  ) {}

  get unavailable(): string | null {
    const missing = [
      ...(this.d.client.configured ? [] : ['WECHAT_APP_ID', 'WECHAT_APP_SECRET']),
      ...(this.d.templateId ? [] : ['WECHAT_TEMPLATE_ID']),
    ];
    return missing.length === 0 ? null : `Not set: ${missing.join(', ')}`;
  }

  async send(message: OutgoingMessage): Promise<void> {
    const problem = this.unavailable;
    if (problem !== null) throw new ChannelError('notification.channel_unavailable', problem, true);
    const rendered = message.words.text(message.language);
    const data = wechatTemplateData(rendered, message.words.time);
    try {
      await this.d.client.sendTemplate(message.address, this.d.templateId as string, rendered.link, data);
    } catch (error) {
      throw toChannelError(error);
    }
  }
}

/** Network trouble, 5xx, "busy" and rate limits are retried; every other refusal is about the message or the account. */
export function toChannelError(error: unknown): ChannelError {
  if (!(error instanceof WechatApiError)) {
    return new ChannelError('wechat.failed', (error as Error)?.message ?? String(error), false);
  }
  if (error.errcode === UNSUBSCRIBED) {
    return new ChannelError(
      'wechat.unsubscribed',
      'The recipient no longer follows the official account',
      true,
    );
  }
  if (error.errcode === INVALID_OPENID) {
    return new ChannelError('wechat.invalid_openid', 'WeChat does not know this openid', true);
  }
  if (error.errcode === null) {
    const permanent = error.status !== null && error.status < 500 && error.status !== 429;
    return new ChannelError('wechat.unreachable', error.message, permanent);
  }
  return new ChannelError(
    RETRYABLE_ERRCODES.has(error.errcode) ? 'wechat.busy' : 'wechat.refused',
    error.message,
    !RETRYABLE_ERRCODES.has(error.errcode),
  );
}
