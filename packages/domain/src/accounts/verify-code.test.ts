import { describe, expect, it } from 'vitest';
import { formatVerifyCode, judgeCodeAttempt, resendWaitSec, type StoredCode } from './verify-code.js';

const now = 1_000_000;
const fresh: StoredCode = { createdAt: now - 1000, expiresAt: now + 299_000, attempts: 0, consumed: false };

describe('judgeCodeAttempt', () => {
  it.each<[string, StoredCode | undefined, boolean, string]>([
    ['right code', fresh, true, 'ok'],
    ['wrong code', fresh, false, 'wrong'],
    ['no code sent', undefined, true, 'missing'],
    ['already used', { ...fresh, consumed: true }, true, 'missing'],
    ['expired', { ...fresh, expiresAt: now }, true, 'expired'],
    ['fifth attempt still allowed', { ...fresh, attempts: 4 }, true, 'ok'],
    ['after five attempts', { ...fresh, attempts: 5 }, true, 'too_many_attempts'],
  ])('%s', (_name, code, matches, verdict) => {
    expect(judgeCodeAttempt(code, matches, now)).toBe(verdict);
  });
});

describe('resendWaitSec', () => {
  it.each([
    [undefined, 0],
    [now - 60_000, 0],
    [now - 59_001, 1],
    [now - 1_000, 59],
    [now, 60],
  ])('last sent %j → wait %i s', (last, wait) => {
    expect(resendWaitSec(last, now)).toBe(wait);
  });
});

describe('formatVerifyCode', () => {
  it.each([
    [0, '000000'],
    [42, '000042'],
    [999_999, '999999'],
  ])('%i → %s', (n, code) => {
    expect(formatVerifyCode(() => n)).toBe(code);
  });
});
