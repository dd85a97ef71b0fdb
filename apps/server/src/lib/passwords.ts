import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { passwordProblems } from '@thunderwatch/domain/accounts/password-policy';
import { AppError } from './app-error.js';

// scrypt N=2^15, r=8, p=1: ~50 ms and 32 MiB per hash (OWASP's minimum is N=2^17 at r=8 with p=1 for
// interactive logins; 2^15 keeps two-core servers responsive under login bursts). Stored with its parameters,
// so a hash verifies whatever the setting was when it was made.
export const DEFAULT_HASH_LOG2N = 15;
let N = 2 ** DEFAULT_HASH_LOG2N;
const R = 8;
const P = 1;
const KEY_LEN = 32;
const MAXMEM = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LEN, { N: n, r, p, maxmem: MAXMEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/**
 * The cost of new hashes for this process (`PASSWORD_HASH_LOG2N`; the server sets it at start). The tests run
 * at 2^10: a hash at 2^15 costs 50–135 ms of CPU, and the suite makes thousands of users and logins.
 */
export function setPasswordHashCost(log2N: number): void {
  if (N !== 2 ** log2N) dummyHash = null;
  N = 2 ** log2N;
}

let dummyHash: Promise<string> | null = null;
/** A hash at the current cost to verify against when an account does not exist: the answer takes as long. */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-0');
  return dummyHash;
}

/** `scrypt$N$r$p$salt$hash`, salt and hash base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Throws 400 `password.too_weak` naming `field` unless the password meets the policy. */
export function assertStrongPassword(password: string, field: string): void {
  const problems = passwordProblems(password);
  if (problems.length > 0) {
    throw new AppError(
      'password.too_weak',
      400,
      'Password needs at least 8 characters with letters and digits',
      [{ field, message: problems.join(', ') }],
    );
  }
}

const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random 16-character password that satisfies the policy. */
export function generatePassword(): string {
  for (;;) {
    const pw = Array.from({ length: 16 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    if (passwordProblems(pw).length === 0) return pw;
  }
}
