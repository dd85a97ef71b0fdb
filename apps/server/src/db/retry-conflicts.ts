import { AppError } from '../lib/app-error.js';
import type { Database, DbError, Queryable } from './database.js';

/** SQLSTATEs of a transaction PostgreSQL ended to break a deadlock or a serialization conflict. */
const RETRYABLE_SQLSTATES = new Set(['40P01', '40001']);
/** Tries of one transaction before the caller is told to come back. */
export const CONFLICT_ATTEMPTS = 4;
/** What a client is told to wait after the tries ran out. */
const CONFLICT_RETRY_AFTER_SEC = 1;

export function isRetryableConflict(error: unknown): boolean {
  const code = (error as DbError | undefined)?.code;
  return typeof code === 'string' && RETRYABLE_SQLSTATES.has(code);
}

/**
 * Runs `fn` in a transaction, again (at most `CONFLICT_ATTEMPTS` times in all, after a short random pause)
 * when PostgreSQL ended it as a deadlock victim or a serialization failure: nothing of it was committed, so
 * a retry is safe. After the last try the caller gets 503 `server.busy` with Retry-After, never a 500.
 */
export async function transactionRetryingConflicts<T>(
  db: Database,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(fn);
    } catch (error) {
      if (!isRetryableConflict(error)) throw error;
      if (attempt >= CONFLICT_ATTEMPTS)
        throw new AppError(
          'server.busy',
          503,
          'Other writes to the same rows kept conflicting with this one; retry shortly',
          undefined,
          CONFLICT_RETRY_AFTER_SEC,
        );
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}
