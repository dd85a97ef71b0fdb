import { describe, expect, it } from 'vitest';
import { displayKey, hashKey, KEY_LENGTH, newBindingKey, normalizeKey } from './binding-key.js';

describe('binding keys', () => {
  it('are 128 random bits as 26 base32 digits, different every time', () => {
    const keys = new Set(Array.from({ length: 2000 }, newBindingKey));
    expect(keys.size).toBe(2000);
    for (const key of keys) expect(key).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(KEY_LENGTH * 5).toBeGreaterThanOrEqual(128);
  });

  it('are read back however they were typed', () => {
    const key = '7Q2M0K1ABCDEFGHJKMNPQRSTVW';
    expect(displayKey(key)).toBe('7Q2M-0K1A-BCDE-FGHJ-KMNP-QRST-VW');
    expect(normalizeKey(displayKey(key))).toBe(key);
    expect(normalizeKey(' 7q2m 0k1a-bcde fghj kmnp qrst vw ')).toBe(key);
    // Crockford: O is read as 0, I and L as 1.
    expect(normalizeKey('7Q2MOKIABCDEFGHJKMNPQRSTVW')).toBe(key);
    expect(normalizeKey('7Q2M0KLABCDEFGHJKMNPQRSTVW')).toBe(key);
  });

  it('are not found in chat or other scenes', () => {
    for (const text of [
      '今天会打雷吗',
      'hello',
      '123123',
      '7Q2M0K1ABCDEFGHJKMNPQRSTV',
      '7Q2M0K1ABCDEFGHJKMNPQRSTVWX',
      'U'.repeat(26),
    ]) {
      expect(normalizeKey(text), text).toBeNull();
    }
  });

  it('are stored as a hash that does not show the key', () => {
    const key = newBindingKey();
    expect(hashKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashKey(key)).not.toContain(key);
    expect(hashKey(key)).toBe(hashKey(normalizeKey(displayKey(key)) as string));
  });
});
