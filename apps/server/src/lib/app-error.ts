import type { ErrorCode, ErrorDetail } from '@thunderwatch/shared/error-codes';

/** An error the client may see: a stable code it translates, an HTTP status, optional field details. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    message?: string,
    readonly details?: ErrorDetail[],
    /** Seconds, sent as Retry-After with 429 and 503. */
    readonly retryAfterSec?: number,
  ) {
    super(message ?? code);
  }
}

/**
 * Why a background job failed, as the screen words it: a client error's code (its area or template is gone),
 * else `server.internal` (the message stays in the server's log).
 */
export function failureCode(error: unknown): { code: string; params: Record<string, unknown> } {
  return error instanceof AppError && error.statusCode < 500
    ? { code: error.code, params: {} }
    : { code: 'server.internal', params: {} };
}
