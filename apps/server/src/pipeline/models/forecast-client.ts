import type { ForecastRequest } from '@thunderwatch/shared/schemas/models';
import type { ExternalService } from '../../config-models.js';

/** The largest answer read from a forecast service (18 fields of a 500,000-cell grid fit). */
export const MAX_FORECAST_BYTES = 64 * 1024 * 1024;

export class ForecastServiceError extends Error {}

/**
 * Asks an external forecast service (see `ForecastRequest`/`ForecastResponse` in the shared schemas):
 * POST JSON with `Authorization: Bearer <key>`, within `timeoutMs`, and returns the answer's text for
 * `parseForecast` (on the model worker). Throws `ForecastServiceError` with a reason a run can show: the
 * service unreachable, too slow, answering an HTTP error, not JSON, or too large. The key never appears in
 * a reason.
 */
export async function requestForecast(
  service: ExternalService,
  request: ForecastRequest,
  timeoutMs: number,
  maxBytes = MAX_FORECAST_BYTES,
): Promise<string> {
  const host = new URL(service.url).host;
  let res: Response;
  try {
    res = await fetch(service.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(service.key ? { authorization: `Bearer ${service.key}` } : {}),
      },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    throw new ForecastServiceError(
      isTimeout(error)
        ? `the forecast service at ${host} did not answer within ${timeoutMs / 1000} s`
        : `the forecast service at ${host} could not be reached`,
    );
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    throw new ForecastServiceError(`the forecast service at ${host} answered HTTP ${res.status}`);
  }
  if (!/\bjson\b/i.test(res.headers.get('content-type') ?? '')) {
    await res.body?.cancel().catch(() => {});
    throw new ForecastServiceError(`the forecast service at ${host} did not answer with JSON`);
  }
  try {
    return await readCapped(res, maxBytes, host);
  } catch (error) {
    if (error instanceof ForecastServiceError) throw error;
    throw new ForecastServiceError(
      isTimeout(error)
        ? `the forecast service at ${host} did not answer within ${timeoutMs / 1000} s`
        : `the answer of the forecast service at ${host} broke off`,
    );
  }
}

async function readCapped(res: Response, maxBytes: number, host: string): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes)
    throw new ForecastServiceError(`the answer of ${host} is larger than ${maxBytes} bytes`);
  const reader = res.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new ForecastServiceError(`the answer of ${host} is larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function isTimeout(error: unknown): boolean {
  const name = (error as { name?: string })?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}
