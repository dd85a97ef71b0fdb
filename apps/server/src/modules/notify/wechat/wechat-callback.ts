import type { Language } from '@thunderwatch/shared/languages';
import type { WechatBindingService } from './wechat-binding-service.js';
import { type InboundMessage, textReply } from './wechat-xml.js';

/** WeChat's "received, nothing to say": anything else that is not a reply makes it retry and warn the user. */
export const ACK = 'success';

const QR_SCENE_PREFIX = 'qrscene_';

const REPLIES: Record<Language, { bound: string; invalid: string }> = {
  'zh-Hans': {
    bound: '已绑定雷电监测预警平台账号，预警消息将通过本公众号发送给您。',
    invalid: '绑定码无效或已过期，请在平台的“微信绑定”页面重新获取。',
  },
  en: {
    bound: 'Your Thunderwatch account is now bound: warnings will reach you through this official account.',
    invalid:
      'This binding code is invalid or has expired. Get a new one on the WeChat binding page of Thunderwatch.',
  },
};

/** The binding key a message carries: the scene of a scanned QR code, or a code typed as text. */
function keyOf(m: InboundMessage): string | null {
  if (m.msgType === 'text') return m.content;
  if (m.msgType !== 'event' || !m.eventKey) return null;
  if (m.event === 'subscribe' && m.eventKey.startsWith(QR_SCENE_PREFIX)) {
    return m.eventKey.slice(QR_SCENE_PREFIX.length);
  }
  if (m.event === 'SCAN') return m.eventKey;
  return null;
}

/**
 * What to answer a verified push: a short text confirming (or refusing) a binding, or `success`. Pushes that
 * have nothing to do with binding (other events, chat) are acknowledged and otherwise ignored.
 */
export async function answerPush(
  m: InboundMessage,
  bindings: Pick<WechatBindingService, 'bindWithKey' | 'unsubscribed'>,
  d: { now: Date; language: Language },
): Promise<string> {
  if (m.msgType === 'event' && m.event === 'unsubscribe') {
    await bindings.unsubscribed(m.fromUser);
    return ACK;
  }
  const key = keyOf(m);
  if (key === null) return ACK;
  const outcome = await bindings.bindWithKey(m.fromUser, key);
  if (outcome === null) return ACK;
  if (outcome.bound) return textReply(m, REPLIES[outcome.language].bound, d.now);
  return textReply(m, REPLIES[d.language].invalid, d.now);
}
