import { AppError } from '../../../lib/app-error.js';
import type { SmsProvider } from './sms-provider.js';

export interface HttpSmsOptions {
  url: string;
  username: string | null;
  password: string | null;
  timeoutMs?: number;
}

/**
 * A generic HTTP SMS gateway: POST {to, message} as JSON with HTTP Basic credentials; any 2xx is success.
 * Gateways with another body shape sit behind a small adapter service.
 */
export class HttpSmsProvider implements SmsProvider {
  readonly name = 'http';
  readonly keepsText = false;

  constructor(private readonly options: HttpSmsOptions) {}

  async send(phone: string, message: string): Promise<void> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.options.username !== null) {
      const basic = Buffer.from(`${this.options.username}:${this.options.password ?? ''}`).toString('base64');
      headers.authorization = `Basic ${basic}`;
    }
    let response: Response;
    try {
      response = await fetch(this.options.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ to: phone, message }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new AppError('sms.send_failed', 502, `SMS gateway unreachable: ${(error as Error).message}`);
    }
    if (!response.ok) throw new AppError('sms.send_failed', 502, `SMS gateway answered ${response.status}`);
  }
}
