import type { AuthUser } from '../../../lib/access.js';
import { requirePermission } from '../../../lib/access.js';
import { AppError } from '../../../lib/app-error.js';
import type { SmsOutboxRepo } from './outbox-repo.js';
import type { SmsProvider } from './sms-provider.js';

/** Sends through the configured provider and records every attempt in the outbox. */
export class SmsService {
  constructor(
    private readonly provider: SmsProvider,
    private readonly outbox: SmsOutboxRepo,
  ) {}

  async send(phone: string, message: string, redacted: string): Promise<void> {
    const text = this.provider.keepsText ? message : redacted;
    try {
      await this.provider.send(phone, message);
    } catch (error) {
      const reason = error instanceof AppError ? error.message : 'send failed';
      await this.outbox.record({
        phone,
        message: text,
        provider: this.provider.name,
        status: 'failed',
        error: reason,
      });
      throw error instanceof AppError ? error : new AppError('sms.send_failed', 502, 'SMS could not be sent');
    }
    await this.outbox.record({
      phone,
      message: text,
      provider: this.provider.name,
      status: 'sent',
      error: null,
    });
  }

  async listOutbox(user: AuthUser, limit: number, offset: number) {
    requirePermission(user, 'sms_outbox.read');
    return this.outbox.list(limit, offset);
  }
}
