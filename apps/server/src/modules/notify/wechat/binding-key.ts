import { createHash, randomBytes } from 'node:crypto';

/** Crockford's base32: no I, L, O or U, so a typed code survives being read aloud or misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const KEY_BYTES = 16;
/** 128 bits in base32 digits. */
export const KEY_LENGTH = 26;
const KEY_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** A fresh one-time binding key: 128 random bits as 26 base32 digits (short enough for a QR scene string). */
export function newBindingKey(): string {
  let n = BigInt(`0x${randomBytes(KEY_BYTES).toString('hex')}`);
  let out = '';
  for (let i = 0; i < KEY_LENGTH; i++) {
    out = ALPHABET[Number(n & 31n)] + out;
    n >>= 5n;
  }
  return out;
}

/** The key as shown to type: groups of four, e.g. `7Q2M-…`. */
export function displayKey(key: string): string {
  return (key.match(/.{1,4}/g) ?? []).join('-');
}

/**
 * The key a person typed or a scene carried, or null when it cannot be one: case, spaces and dashes do not
 * matter, and the letters Crockford reads as digits (O, I, L) are read so.
 */
export function normalizeKey(text: string): string | null {
  const key = text.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return KEY_PATTERN.test(key) ? key : null;
}

/** Keys are stored only as this hash; 128 random bits need no slow hash. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
