export const VERIFY_CODE_TTL_MS = 5 * 60_000;
export const VERIFY_CODE_MAX_ATTEMPTS = 5;
export const VERIFY_CODE_RESEND_MS = 60_000;

export interface StoredCode {
  createdAt: number;
  expiresAt: number;
  attempts: number;
  consumed: boolean;
}

export type CodeVerdict = 'ok' | 'wrong' | 'expired' | 'too_many_attempts' | 'missing';

/** Decides an attempt at the newest code of a phone; `matches` says whether the typed code is right. */
export function judgeCodeAttempt(code: StoredCode | undefined, matches: boolean, now: number): CodeVerdict {
  if (!code || code.consumed) return 'missing';
  if (now >= code.expiresAt) return 'expired';
  if (code.attempts >= VERIFY_CODE_MAX_ATTEMPTS) return 'too_many_attempts';
  return matches ? 'ok' : 'wrong';
}

/** Seconds until a new code may be sent, 0 when it may be sent now. */
export function resendWaitSec(lastSentAt: number | undefined, now: number): number {
  if (lastSentAt === undefined) return 0;
  const wait = lastSentAt + VERIFY_CODE_RESEND_MS - now;
  return wait > 0 ? Math.ceil(wait / 1000) : 0;
}

/** Six digits, uniformly drawn from a CSPRNG-provided integer source. */
export function formatVerifyCode(randomInt: (maxExclusive: number) => number): string {
  return String(randomInt(1_000_000)).padStart(6, '0');
}
