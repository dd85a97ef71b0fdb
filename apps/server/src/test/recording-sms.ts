import { AppError } from '../lib/app-error.js';
import type { SmsProvider } from '../modules/notify/sms/sms-provider.js';

/** An SMS provider that keeps what it was asked to send, for tests to read the codes. */
export class RecordingSms implements SmsProvider {
  readonly name = 'test';
  readonly keepsText = true;
  readonly sent: { phone: string; message: string }[] = [];
  /** When set, every send fails with this reason (a gateway that is down). */
  failWith: string | null = null;

  async send(phone: string, message: string): Promise<void> {
    if (this.failWith) throw new AppError('sms.send_failed', 502, this.failWith);
    this.sent.push({ phone, message });
  }

  lastCode(phone: string): string {
    const m = this.sent
      .filter((s) => s.phone === phone)
      .at(-1)
      ?.message.match(/\b(\d{6})\b/);
    if (!m?.[1]) throw new Error(`no code sent to ${phone}`);
    return m[1];
  }
}

/** A clock tests move forward by hand. */
export function manualClock(start = Date.now()) {
  let t = start;
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
  };
}
