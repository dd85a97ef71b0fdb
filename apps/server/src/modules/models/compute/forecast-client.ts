import type { ForecastRequest } from '@thunderwatch/shared/schemas/models';
import type { ExternalService } from '../../../config-models.js';
import { AnswerTooLarge, isTimeout, readCapped } from '../../../lib/http-read.js';
import { RunFailure } from './run-failure.js';

/** The largest answer read from a forecast service (18 fields of a 500,000-cell grid fit). */
export const MAX_FORECAST_BYTES = 64 * 1024 * 1024;

export class ForecastServiceError extends RunFailure {}

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
    throw isTimeout(error)
      ? timedOut(host, timeoutMs)
      : new ForecastServiceError(
          `the forecast service at ${host} could not be reached`,
          'forecast_unreachable',
          {
            host,
          },
        );
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    throw new ForecastServiceError(
      `the forecast service at ${host} answered HTTP ${res.status}`,
      'forecast_http',
      {
        host,
        status: res.status,
      },
    );
  }
  if (!/\bjson\b/i.test(res.headers.get('content-type') ?? '')) {
    await res.body?.cancel().catch(() => {});
    throw new ForecastServiceError(
      `the forecast service at ${host} did not answer with JSON`,
      'forecast_not_json',
      {
        host,
      },
    );
  }
  try {
    return (await readCapped(res, maxBytes, host)).toString('utf8');
  } catch (error) {
    if (error instanceof AnswerTooLarge)
      throw new ForecastServiceError(error.message, 'forecast_too_large', { host });
    throw isTimeout(error)
      ? timedOut(host, timeoutMs)
      : new ForecastServiceError(
          `the answer of the forecast service at ${host} broke off`,
          'forecast_broke_off',
          {
            host,
          },
        );
  }
}

const timedOut = (host: string, timeoutMs: number) =>
  new ForecastServiceError(
    `the forecast service at ${host} did not answer within ${timeoutMs / 1000} s`,
    'forecast_timeout',
    { host, seconds: timeoutMs / 1000 },
  );
