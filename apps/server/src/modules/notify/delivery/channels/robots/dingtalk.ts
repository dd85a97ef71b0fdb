import { createHmac } from 'node:crypto';
import { markdownText, type RobotCard, toneMark } from '../../templates/robot-card.js';
import type { OutgoingMessage } from '../delivery-channel.js';
import type { PostAnswer } from '../webhook-http.js';
import type { RobotRequest, RobotVendor } from './robot-channel.js';
import { codedVerdict } from './vendor-reply.js';

/**
 * DingTalk's 加签 (signing) of a custom robot: HmacSHA256 keyed with the secret (the "SEC…" string) over
 * "<timestamp>\n<secret>", Base64-encoded; the timestamp is in milliseconds and DingTalk refuses it when it
 * is more than an hour off. Both go in the query as `timestamp` and `sign` (URL-encoded).
 * Source: open.dingtalk.com/document/robots/customize-robot-security-settings (自定义机器人安全设置, 加签).
 */
export function dingtalkSign(secret: string, timestampMs: string): string {
  return createHmac('sha256', secret).update(`${timestampMs}\n${secret}`).digest('base64');
}

/** "Send too fast" (more than 20 messages a minute, open.dingtalk.com/document/robots/custom-robot-access) and "system busy". */
const RETRYABLE: ReadonlySet<number> = new Set([130101, -1]);

/**
 * The card as an ActionCard message (msgtype `actionCard`: markdown `text`, one button by `singleTitle`
 * and `singleURL`). DingTalk's markdown takes `<font color=#rrggbb>` (unquoted, or phones ignore it).
 * Source: open.dingtalk.com/document/orgapp/custom-bot-send-message-type (消息类型, ActionCard).
 */
export function dingtalkBody(card: RobotCard): object {
  const title = `${toneMark(card.tone)} ${markdownText(card.title)}`;
  const lines = [
    `### <font color=${card.colour}>${title}</font>`,
    '',
    ...card.fields.map((f) => `- **${f.label}**：${markdownText(f.value)}`),
    ...(card.text ? ['', markdownText(card.text)] : []),
  ];
  return {
    msgtype: 'actionCard',
    actionCard: {
      // Shown in the chat list and notifications.
      title: card.title,
      text: lines.join('\n'),
      btnOrientation: '0',
      singleTitle: card.linkLabel,
      singleURL: card.link,
    },
  };
}

/** DingTalk group robots (钉钉自定义机器人): signed when the recipient has the robot's secret. */
export const DINGTALK: RobotVendor = {
  name: 'dingtalk',
  label: 'DingTalk',
  request(m: OutgoingMessage, card: RobotCard, sentAt: Date): RobotRequest {
    const url = new URL(m.address);
    if (m.options.secret) {
      const timestamp = String(sentAt.getTime());
      url.searchParams.set('timestamp', timestamp);
      url.searchParams.set('sign', dingtalkSign(m.options.secret, timestamp));
    }
    return { url, body: dingtalkBody(card) };
  },
  verdict: (answer: PostAnswer) =>
    codedVerdict(answer, {
      channel: 'dingtalk',
      label: 'DingTalk',
      codeFields: ['errcode'],
      messageFields: ['errmsg'],
      retryable: RETRYABLE,
    }),
};
