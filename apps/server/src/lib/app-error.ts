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
