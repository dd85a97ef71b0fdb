import { CAP_CONTENT_TYPE } from '../../../../lib/cap-format.js';
import type { RenderedMessage } from '../templates/message-kind.js';
import type { OutgoingMessage } from './delivery-channel.js';
import { capMessage, hasCapForm } from './webhook-cap.js';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * The JSON a webhook receives (docs/api.md): what happened, the key to drop duplicates by, when this attempt
 * was sent, the event's facts as they were when it happened (`alarm`, `confirmation`, `summary`, or `at`
 * and `board_url` for a test), and the message as people read it in both languages.
 */
export interface WebhookJson {
  event: OutgoingMessage['event'];
  idempotency_key: string;
  sent_at: string;
  group_id: number;
  message: { 'zh-Hans': RenderedMessage; en: RenderedMessage };
  [fact: string]: unknown;
}

export interface WebhookRequestBody {
  contentType: string;
  body: string;
  format: 'json' | 'cap';
}

/** The request body for a message: CAP when the recipient asked for it and the event has a CAP form. */
export function webhookBody(m: OutgoingMessage, sentAt: Date, capSender: string): WebhookRequestBody {
  if (m.options.format === 'cap' && hasCapForm(m.payload)) {
    const xml = capMessage(m.payload, {
      sender: capSender,
      words: m.words,
      idempotencyKey: m.idempotencyKey,
    });
    return { contentType: CAP_CONTENT_TYPE, body: xml, format: 'cap' };
  }
  const { event, ...facts } = m.payload;
  const json: WebhookJson = {
    event,
    idempotency_key: m.idempotencyKey,
    sent_at: sentAt.toISOString(),
    group_id: m.groupId,
    ...facts,
    message: {
      'zh-Hans': m.words.text('zh-Hans'),
      en: m.words.text('en'),
    },
  };
  return { contentType: JSON_CONTENT_TYPE, body: JSON.stringify(json), format: 'json' };
}
