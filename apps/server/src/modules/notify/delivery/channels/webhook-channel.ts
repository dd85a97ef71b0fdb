import { createHmac } from 'node:crypto';
import { webhookTargetProblem } from '../../../../lib/webhook-guard.js';
import { ChannelError, type DeliveryChannel, type OutgoingMessage } from './delivery-channel.js';
import { webhookBody } from './webhook-body.js';
import { answerError, transportError } from './webhook-errors.js';
import { type PostAnswer, postOnce } from './webhook-http.js';

export interface WebhookChannelConfig {
  /** WEBHOOK_TIMEOUT_MS: the whole request, connecting to reading the answer. */
  timeoutMs: number;
  /** ALLOW_PRIVATE_WEBHOOKS: on-premise receivers on private or loopback addresses. */
  allowPrivateWebhooks: boolean;
  /** PUBLIC_URL: its host names the sender of CAP messages. */
  publicUrl: string;
  now: () => Date;
}

export const WEBHOOK_HEADERS = {
  event: 'X-Thunderwatch-Event',
  idempotencyKey: 'X-Thunderwatch-Idempotency-Key',
  timestamp: 'X-Thunderwatch-Timestamp',
  signature: 'X-Thunderwatch-Signature',
} as const;

/**
 * `sha256=<hex>` of HMAC-SHA256 over "<timestamp>.<body>": the timestamp is signed too, so a receiver that
 * refuses old timestamps cannot be fed a recorded request again.
 */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** Header values must be visible ASCII; a key made from a URL or address with other characters keeps them percent-encoded. */
const headerSafe = (value: string) => value.replace(/[^\x20-\x7e]/gu, (c) => encodeURIComponent(c));

/** CAP `sender` from PUBLIC_URL's host, reduced to the characters CAP allows. */
const capSenderOf = (publicUrl: string) =>
  `thunderwatch@${new URL(publicUrl).hostname.replace(/[^A-Za-z0-9.-]/g, '') || 'localhost'}`;

/**
 * POSTs each message to the recipient's URL as JSON or CAP 1.2, signed when the recipient has a secret.
 * Where the URL points is checked again at send time (DNS answers change; SSRF).
 */
export class WebhookChannel implements DeliveryChannel {
  readonly name = 'webhook' as const;
  readonly unavailable = null;
  private readonly capSender: string;

  constructor(private readonly config: WebhookChannelConfig) {
    this.capSender = capSenderOf(config.publicUrl);
  }

  async send(m: OutgoingMessage): Promise<void> {
    const { timeoutMs, allowPrivateWebhooks } = this.config;
    const problem = await webhookTargetProblem(m.address, allowPrivateWebhooks);
    if (problem) throw new ChannelError('webhook.refused_target', `${m.address} ${problem}`, true);

    const sentAt = this.config.now();
    const { body, contentType } = webhookBody(m, sentAt, this.capSender);
    const timestamp = String(Math.floor(sentAt.getTime() / 1000));
    const headers: Record<string, string> = {
      'Content-Type': contentType,
      'User-Agent': 'Thunderwatch-Webhook/1',
      [WEBHOOK_HEADERS.event]: m.event,
      [WEBHOOK_HEADERS.idempotencyKey]: headerSafe(m.idempotencyKey),
      [WEBHOOK_HEADERS.timestamp]: timestamp,
    };
    if (m.options.secret)
      headers[WEBHOOK_HEADERS.signature] = webhookSignature(m.options.secret, timestamp, body);

    let answer: PostAnswer;
    try {
      answer = await postOnce(new URL(m.address), body, headers, {
        timeoutMs,
        allowPrivate: allowPrivateWebhooks,
      });
    } catch (err) {
      throw transportError(err, timeoutMs);
    }
    const refused = answerError(answer);
    if (refused) throw refused;
  }
}
