import { XMLParser } from 'fast-xml-parser';

/** The fields of a plaintext-mode message or event pushed to the callback that the binding flow reads. */
export interface InboundMessage {
  /** The official account (gh_…). */
  toUser: string;
  /** The sender's openid. */
  fromUser: string;
  createTime: number;
  msgType: string;
  /** For `event` messages: subscribe, unsubscribe, SCAN, … */
  event: string | null;
  /** subscribe via a QR code: `qrscene_<scene>`; SCAN: `<scene>`. */
  eventKey: string | null;
  /** For `text` messages. */
  content: string | null;
}

const parser = new XMLParser({
  ignoreAttributes: true,
  // Openids, scene strings and codes must stay strings even when they look like numbers.
  parseTagValue: false,
  // No entity expansion: WeChat puts text in CDATA, and a DOCTYPE's entities have no business here.
  processEntities: false,
  htmlEntities: false,
  trimValues: true,
});

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The message, or null when the body is not WeChat's `<xml>` message (or carries no sender). */
export function parseInbound(xml: string): InboundMessage | null {
  let doc: unknown;
  try {
    doc = parser.parse(xml);
  } catch {
    return null;
  }
  const m = (doc as { xml?: Record<string, unknown> })?.xml;
  if (!m || typeof m !== 'object') return null;
  const fromUser = text(m.FromUserName);
  const msgType = text(m.MsgType);
  if (!fromUser || !msgType) return null;
  return {
    toUser: text(m.ToUserName) ?? '',
    fromUser,
    createTime: Number(text(m.CreateTime) ?? 0),
    msgType,
    event: text(m.Event),
    eventKey: text(m.EventKey),
    content: text(m.Content),
  };
}

const cdata = (s: string) => `<![CDATA[${s.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

/** A passive text reply to the sender (shown in their chat with the official account). */
export function textReply(to: InboundMessage, content: string, now: Date): string {
  return (
    `<xml><ToUserName>${cdata(to.fromUser)}</ToUserName><FromUserName>${cdata(to.toUser)}</FromUserName>` +
    `<CreateTime>${Math.floor(now.getTime() / 1000)}</CreateTime><MsgType>${cdata('text')}</MsgType>` +
    `<Content>${cdata(content)}</Content></xml>`
  );
}
