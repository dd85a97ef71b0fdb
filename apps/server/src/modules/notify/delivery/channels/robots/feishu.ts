import { createHmac } from 'node:crypto';
import type { RobotCard } from '../../templates/robot-card.js';
import type { OutgoingMessage } from '../delivery-channel.js';
import type { PostAnswer } from '../webhook-http.js';
import type { RobotRequest, RobotVendor } from './robot-channel.js';
import { codedVerdict } from './vendor-reply.js';

/**
 * Feishu/Lark's signature verification (签名校验) of a custom bot: HmacSHA256 keyed with
 * "<timestamp>\n<secret>" over an empty message, Base64-encoded; the timestamp is in seconds, and Feishu
 * refuses one more than an hour off (code 19021). Both go in the JSON body as `timestamp` and `sign`.
 * Source: open.feishu.cn/document/client-docs/bot-v3/add-custom-bot (自定义机器人使用指南, 签名校验).
 */
export function feishuSign(secret: string, timestampSec: string): string {
  return createHmac('sha256', `${timestampSec}\n${secret}`).update('').digest('base64');
}

/** "Frequency limited" (a bot takes 100 requests a minute, 5 a second) and "system busy". */
const RETRYABLE: ReadonlySet<number> = new Set([11232, -1]);

/** Header templates of message cards (red, orange, yellow, green, blue among them). */
const HEADER_TEMPLATE = { 3: 'red', 2: 'orange', 1: 'yellow', 0: 'green' } as const;

/**
 * The card as an interactive message card: a header in the level's template colour, the facts as short
 * fields, the text, and a button to the board. Text typed by users goes as `plain_text`, which Feishu does
 * not interpret. Source: open.feishu.cn/document/common-capabilities/message-card (消息卡片: header, div, action).
 */
export function feishuCard(card: RobotCard): object {
  const plain = (content: string) => ({ tag: 'plain_text', content });
  const elements: object[] = [];
  if (card.fields.length > 0) {
    elements.push({
      tag: 'div',
      fields: card.fields.map((f) => ({ is_short: true, text: plain(`${f.label}\n${f.value}`) })),
    });
  }
  if (card.text) elements.push({ tag: 'div', text: plain(card.text) });
  elements.push({
    tag: 'action',
    actions: [{ tag: 'button', text: plain(card.linkLabel), type: 'primary', url: card.link }],
  });
  return {
    config: { wide_screen_mode: true },
    header: {
      template: card.tone === null ? 'blue' : HEADER_TEMPLATE[card.tone],
      title: plain(card.title),
    },
    elements,
  };
}

/** Feishu and Lark custom bots (飞书自定义机器人): signed in the body when the recipient has the bot's secret. */
export const FEISHU: RobotVendor = {
  name: 'feishu',
  label: 'Feishu',
  request(m: OutgoingMessage, card: RobotCard, sentAt: Date): RobotRequest {
    const signed: Record<string, string> = {};
    if (m.options.secret) {
      const timestamp = String(Math.floor(sentAt.getTime() / 1000));
      signed.timestamp = timestamp;
      signed.sign = feishuSign(m.options.secret, timestamp);
    }
    return {
      url: new URL(m.address),
      body: { ...signed, msg_type: 'interactive', card: feishuCard(card) },
    };
  },
  // Older bots answered StatusCode/StatusMessage; current ones code/msg (both are sent today).
  verdict: (answer: PostAnswer) =>
    codedVerdict(answer, {
      channel: 'feishu',
      label: 'Feishu',
      codeFields: ['code', 'StatusCode'],
      messageFields: ['msg', 'StatusMessage'],
      retryable: RETRYABLE,
    }),
};
