import { ChannelError } from '../delivery-channel.js';
import type { PostAnswer } from '../webhook-http.js';

/** What a delivery record keeps of a vendor's message. */
const MESSAGE_MAX = 300;

/** The answer's body as a JSON object, or null when it is not one. */
export function jsonReply(answer: PostAnswer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(answer.excerpt);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const clip = (text: string) => (text.length <= MESSAGE_MAX ? text : `${text.slice(0, MESSAGE_MAX - 1)}…`);

/**
 * The verdict of a robot API that answers `{ <codeField>: 0, <messageField>: "ok" }`: 0 took the message;
 * codes in `retryable` (rate limits, "system busy") may pass later; any other code, or an answer without
 * one, will not. The record names the vendor, the code and the vendor's message.
 */
export function codedVerdict(
  answer: PostAnswer,
  d: {
    channel: string;
    label: string;
    codeFields: readonly string[];
    messageFields: readonly string[];
    retryable: ReadonlySet<number>;
  },
): ChannelError | null {
  const reply = jsonReply(answer);
  const code = d.codeFields.map((f) => reply?.[f]).find((v) => typeof v === 'number');
  if (typeof code !== 'number') {
    const said = answer.excerpt ? `: ${clip(answer.excerpt)}` : ' an empty body';
    return new ChannelError(
      `${d.channel}.unexpected_answer`,
      `${d.label} answered ${answer.status} without a result code${said}`,
      true,
    );
  }
  if (code === 0) return null;
  const message = d.messageFields.map((f) => reply?.[f]).find((v) => typeof v === 'string');
  const retry = d.retryable.has(code);
  return new ChannelError(
    retry ? `${d.channel}.busy` : `${d.channel}.refused`,
    `${d.label} refused the message (${d.codeFields[0]} ${code})${message ? `: ${clip(message)}` : ''}`,
    !retry,
  );
}
