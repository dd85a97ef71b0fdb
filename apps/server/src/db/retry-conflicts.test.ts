import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error.js';
import type { Database } from './database.js';
import { CONFLICT_ATTEMPTS, transactionRetryingConflicts } from './retry-conflicts.js';

/** A database whose transactions fail with `codes`, one per try, then succeed. */
function failing(codes: string[]): { db: Database; tries: () => number } {
  let tries = 0;
  const db = {
    transaction: async <T>(fn: (tx: never) => Promise<T>) => {
      const code = codes[tries++];
      if (code) throw Object.assign(new Error(code), { code });
      return fn({} as never);
    },
  } as unknown as Database;
  return { db, tries: () => tries };
}

describe('transactionRetryingConflicts', () => {
  it.each([
    { codes: ['40P01'], tries: 2 },
    { codes: ['40001', '40P01'], tries: 3 },
    { codes: [], tries: 1 },
  ])('retries a deadlock or serialization failure: $codes', async ({ codes, tries }) => {
    const f = failing(codes);
    await expect(transactionRetryingConflicts(f.db, async () => 'done')).resolves.toBe('done');
    expect(f.tries()).toBe(tries);
  });

  it('answers 503 server.busy with Retry-After when every try conflicts', async () => {
    const f = failing(Array(CONFLICT_ATTEMPTS + 5).fill('40P01'));
    const error = await transactionRetryingConflicts(f.db, async () => 1).catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'server.busy', statusCode: 503, retryAfterSec: 1 });
    expect(f.tries()).toBe(CONFLICT_ATTEMPTS);
  });

  it('does not retry other errors', async () => {
    const f = failing(['23505']);
    await expect(transactionRetryingConflicts(f.db, async () => 1)).rejects.toMatchObject({ code: '23505' });
    expect(f.tries()).toBe(1);
  });
});
