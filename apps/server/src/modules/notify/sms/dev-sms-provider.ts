import type { FastifyBaseLogger } from 'fastify';
import type { SmsProvider } from './sms-provider.js';

/** Development: the message goes to the server log (and, through SmsService, to the admin-readable outbox). */
export class DevSmsProvider implements SmsProvider {
  readonly name = 'dev';
  readonly keepsText = true;

  constructor(private readonly log: Pick<FastifyBaseLogger, 'info'>) {}

  async send(phone: string, message: string): Promise<void> {
    this.log.info({ phone, sms: message }, 'SMS (dev provider, not sent)');
  }
}
