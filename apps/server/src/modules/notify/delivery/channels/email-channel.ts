import { createHash } from 'node:crypto';
import { createTransport } from 'nodemailer';
import { renderEmail } from '../templates/email-layout.js';
import { ChannelError, type DeliveryChannel, type OutgoingMessage } from './delivery-channel.js';

export interface EmailChannelConfig {
  /** smtp:// or smtps:// with optional user:password@; null leaves the channel unavailable. */
  smtpUrl: string | null;
  /** The From header, e.g. `Thunderwatch <noreply@example.org>`. */
  smtpFrom: string;
}

export interface EmailChannelOptions {
  /** Connecting, waiting for the greeting, and an idle socket each give up after this long. */
  timeoutMs?: number;
}

/** Receivers (and their filters) drop a resend by this header or by the Message-ID made from it. */
export const IDEMPOTENCY_HEADER = 'X-Thunderwatch-Idempotency-Key';

/** What nodemailer attaches to the errors it hands back. */
interface SmtpFailure extends Error {
  code?: string;
  responseCode?: number;
  response?: string;
  permanent?: boolean;
}

/** The domain of the sender's address, so that Message-IDs look like the sender's own. */
function senderDomain(from: string): string {
  const m = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from);
  return m?.[1] ?? 'thunderwatch.invalid';
}

/**
 * A refusal the server gave in an SMTP reply is permanent when it says so (5xx, except 503 "bad sequence",
 * which a new connection can get past); 4xx replies, connection failures and timeouts are worth another try.
 */
export function toChannelError(err: unknown): ChannelError {
  const e = err as SmtpFailure;
  const reply = typeof e?.responseCode === 'number' ? e.responseCode : null;
  if (reply !== null) {
    const permanent = e.permanent ?? (reply >= 500 && reply < 600 && reply !== 503);
    const said = (e.response ?? e.message).trim();
    return new ChannelError(
      permanent ? 'email.rejected' : 'email.deferred',
      `SMTP server answered ${said}`,
      permanent,
    );
  }
  if (e?.code === 'EENVELOPE') return new ChannelError('email.rejected', e.message, true);
  if (e?.code === 'EAUTH' || e?.code === 'ENOAUTH' || e?.code === 'ECONFIG') {
    // A wrong SMTP password or URL fails every message the same way; retrying only delays the alarm
    // going to the channels that work.
    return new ChannelError('email.misconfigured', e.message, true);
  }
  const what = e?.code === 'ETIMEDOUT' ? 'timed out' : 'could not be reached';
  return new ChannelError('email.unreachable', `SMTP server ${what}: ${e?.message ?? String(err)}`, false);
}

/** E-mail through one SMTP server (SMTP_URL), HTML and text in the recipient's language. */
export class EmailChannel implements DeliveryChannel {
  readonly name = 'email' as const;
  readonly unavailable: string | null;
  private readonly transport: ReturnType<typeof createTransport> | null;
  private readonly domain: string;

  constructor(
    private readonly config: EmailChannelConfig,
    options: EmailChannelOptions = {},
  ) {
    const timeout = options.timeoutMs ?? 5000;
    this.unavailable = config.smtpUrl ? null : 'SMTP_URL is not set';
    this.domain = senderDomain(config.smtpFrom);
    // Pooled: a storm sends many messages at once, and a new TLS session per message would be the slow part.
    this.transport = config.smtpUrl
      ? createTransport({
          url: config.smtpUrl,
          pool: true,
          maxConnections: 5,
          connectionTimeout: timeout,
          greetingTimeout: timeout,
          socketTimeout: timeout * 2,
        })
      : null;
  }

  async send(message: OutgoingMessage): Promise<void> {
    if (!this.transport)
      throw new ChannelError('notification.channel_unavailable', 'SMTP_URL is not set', true);
    const mail = renderEmail(message.words, message.language);
    const digest = createHash('sha256').update(message.idempotencyKey).digest('hex').slice(0, 40);
    try {
      await this.transport.sendMail({
        from: this.config.smtpFrom,
        to: message.address,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        // The same delivery keeps the same Message-ID on every attempt, so a resend after a crash
        // threads with (or is dropped as) the first.
        messageId: `<tw-${digest}@${this.domain}>`,
        headers: { [IDEMPOTENCY_HEADER]: message.idempotencyKey },
      });
    } catch (err) {
      throw toChannelError(err);
    }
  }

  /** Closes the pooled connections (at shutdown). */
  close(): void {
    this.transport?.close();
  }
}
