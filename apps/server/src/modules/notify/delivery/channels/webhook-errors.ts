import { ChannelError } from './delivery-channel.js';
import { type PostAnswer, PrivateAddressError } from './webhook-http.js';

/**
 * What an HTTP answer or a failed request means for a delivery, for webhooks and robots alike: 2xx is
 * delivered; a timeout, 408, 429 or 5xx may pass later; a redirect or any other answer will not.
 */
export function answerError(a: PostAnswer): ChannelError | null {
  if (a.status >= 200 && a.status < 300) return null;
  const said = a.excerpt ? `: ${a.excerpt}` : '';
  if (a.status >= 300 && a.status < 400) {
    return new ChannelError(
      'webhook.redirected',
      `Receiver answered ${a.status} to ${a.location ?? '(no Location)'}; redirects are not followed, update the URL`,
      true,
    );
  }
  const retryable = a.status === 408 || a.status === 429 || a.status >= 500;
  return new ChannelError('webhook.http_status', `Receiver answered ${a.status}${said}`, !retryable);
}

export function transportError(err: unknown, timeoutMs: number): ChannelError {
  if (err instanceof PrivateAddressError) {
    return new ChannelError(
      'webhook.private_address',
      `Refused: ${err.message} (ALLOW_PRIVATE_WEBHOOKS is off)`,
      true,
    );
  }
  const e = err as { name?: string; code?: string; message?: string };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError' || e?.code === 'ABORT_ERR') {
    return new ChannelError('webhook.timeout', `No answer within ${timeoutMs} ms`);
  }
  return new ChannelError('webhook.unreachable', `${e?.code ?? 'Error'}: ${e?.message ?? String(err)}`);
}
