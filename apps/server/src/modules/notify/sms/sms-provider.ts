/** A way to send a text message to a phone. `send` throws AppError `sms.send_failed` on failure. */
export interface SmsProvider {
  readonly name: string;
  /** Whether the outbox may keep the message text (only the development provider; real codes stay secret). */
  readonly keepsText: boolean;
  send(phone: string, message: string): Promise<void>;
}
