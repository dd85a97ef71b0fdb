import { AppError } from '../../../../lib/app-error.js';
import type { SmsProvider } from '../../sms/sms-provider.js';
import { ChannelError, type DeliveryChannel, type OutgoingMessage } from './delivery-channel.js';

/** SMS through the configured provider (the same one that sends verify codes). */
export class SmsChannel implements DeliveryChannel {
  readonly name = 'sms';
  readonly unavailable = null;

  constructor(private readonly provider: SmsProvider) {}

  async send(m: OutgoingMessage): Promise<void> {
    try {
      await this.provider.send(m.address, m.words.line(m.language));
    } catch (error) {
      const reason = error instanceof AppError || error instanceof Error ? error.message : 'send failed';
      throw new ChannelError('notification.send_failed', reason);
    }
  }
}
