import { markdownText, type RobotCard, toneMark } from '../../templates/robot-card.js';
import type { OutgoingMessage } from '../delivery-channel.js';
import type { PostAnswer } from '../webhook-http.js';
import type { RobotRequest, RobotVendor } from './robot-channel.js';
import { codedVerdict } from './vendor-reply.js';

/**
 * WeCom group robots (企业微信群机器人): POST to `…/cgi-bin/webhook/send?key=…` (the key is the credential, no
 * signing), msgtype `markdown` with at most 4096 bytes of UTF-8 content; its markdown has three colours,
 * `<font color="info|comment|warning">` (green, grey, orange-red). A robot takes 20 messages a minute;
 * beyond that it answers errcode 45009. Source: developer.work.weixin.qq.com/document/path/91770 (群机器人配置说明).
 */
export const WECOM_MARKDOWN_MAX_BYTES = 4096;

/** Rate limit ("api freq out of limit") and "system busy". */
const RETRYABLE: ReadonlySet<number> = new Set([45009, -1]);

function fontColour(card: RobotCard): 'info' | 'comment' | 'warning' {
  if (card.tone === 0) return 'info';
  return card.tone === null ? 'comment' : 'warning';
}

/** Cuts text to at most `max` UTF-8 bytes without splitting a character. */
export function clipBytes(text: string, max: number): string {
  if (Buffer.byteLength(text) <= max) return text;
  let out = '';
  let bytes = 0;
  for (const c of text) {
    const n = Buffer.byteLength(c);
    if (bytes + n > max - 3) break;
    out += c;
    bytes += n;
  }
  return `${out}…`;
}

export function wecomBody(card: RobotCard): object {
  const lines = [
    `## ${toneMark(card.tone)} <font color="${fontColour(card)}">${markdownText(card.title)}</font>`,
    ...card.fields.map((f) => `> **${f.label}**：${markdownText(f.value)}`),
    ...(card.text ? ['', markdownText(card.text)] : []),
    '',
    `[${card.linkLabel}](${card.link})`,
  ];
  return {
    msgtype: 'markdown',
    markdown: { content: clipBytes(lines.join('\n'), WECOM_MARKDOWN_MAX_BYTES) },
  };
}

export const WECOM: RobotVendor = {
  name: 'wecom',
  label: 'WeCom',
  request: (m: OutgoingMessage, card: RobotCard): RobotRequest => ({
    url: new URL(m.address),
    body: wecomBody(card),
  }),
  verdict: (answer: PostAnswer) =>
    codedVerdict(answer, {
      channel: 'wecom',
      label: 'WeCom',
      codeFields: ['errcode'],
      messageFields: ['errmsg'],
      retryable: RETRYABLE,
    }),
};
