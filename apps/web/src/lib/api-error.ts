import type { ErrorCode, ErrorDetail } from '@thunderwatch/shared/error-codes';

/** Codes the client itself produces, next to the server's `ErrorCode`s. */
export type ClientErrorCode = 'network.unreachable' | 'unknown';

export interface ApiErrorInit {
  code: ErrorCode | ClientErrorCode | (string & {});
  status: number;
  message: string;
  details?: ErrorDetail[];
  retryAfter?: number | null;
}

/** A failed API call. Screens show `t('errors.' + code)`; `retryAfter` is in seconds (429, 503). */
export class ApiError extends Error {
  readonly code: ApiErrorInit['code'];
  readonly status: number;
  readonly details: ErrorDetail[];
  readonly retryAfter: number | null;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.code = init.code;
    this.status = init.status;
    this.details = init.details ?? [];
    this.retryAfter = init.retryAfter ?? null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** `Retry-After` as whole seconds from now: either delta-seconds or an HTTP date. */
export function parseRetryAfter(header: string | null, now: number): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

function fallbackCode(status: number): string {
  if (status === 401) return 'auth.invalid_token';
  if (status === 403) return 'permission.denied';
  if (status === 404) return 'route.not_found';
  if (status === 413) return 'request.too_large';
  if (status === 503) return 'server.unavailable';
  if (status >= 500) return 'server.internal';
  return 'unknown';
}

/** Reads the `{ error: { code, message, details? } }` body of a failed response. */
export async function apiErrorFromResponse(response: Response, now: number): Promise<ApiError> {
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'), now);
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy page, an empty body): fall back to the status.
  }
  const error =
    body && typeof body === 'object' && 'error' in body && body.error && typeof body.error === 'object'
      ? (body.error as { code?: unknown; message?: unknown; details?: unknown })
      : null;
  return new ApiError({
    code: typeof error?.code === 'string' ? error.code : fallbackCode(response.status),
    status: response.status,
    message: typeof error?.message === 'string' ? error.message : `HTTP ${response.status}`,
    details: Array.isArray(error?.details) ? (error.details as ErrorDetail[]) : [],
    retryAfter,
  });
}
