import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import {
  DEFAULT_HASH_LOG2N,
  dummyPasswordHash,
  hashPassword,
  setPasswordHashCost,
  verifyPassword,
} from './passwords.js';

const nOf = (hash: string) => Number(hash.split('$')[1]);

describe('password hashes', () => {
  afterAll(() => setPasswordHashCost(DEFAULT_HASH_LOG2N));

  it('hash at the production cost by default (scrypt N=2^15, r=8, p=1), and verify', async () => {
    setPasswordHashCost(DEFAULT_HASH_LOG2N);
    const hash = await hashPassword('Passw0rd!');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('Passw0rd!', hash)).toBe(true);
    expect(await verifyPassword('Passw0rd?', hash)).toBe(false);
    expect(nOf(await dummyPasswordHash())).toBe(32768);
  });

  it('make new hashes at the configured cost, and still verify those made at another', async () => {
    setPasswordHashCost(DEFAULT_HASH_LOG2N);
    const before = await hashPassword('Passw0rd!');
    setPasswordHashCost(10);
    const after = await hashPassword('Passw0rd!');
    expect(nOf(after)).toBe(1024);
    expect(nOf(await dummyPasswordHash())).toBe(1024);
    for (const hash of [before, after]) {
      expect(await verifyPassword('Passw0rd!', hash)).toBe(true);
      expect(await verifyPassword('passw0rd!', hash)).toBe(false);
    }
  });

  it.each([
    [undefined, 15],
    ['10', 10],
    ['17', 17],
  ])('PASSWORD_HASH_LOG2N=%s gives 2^%i', (value, log2N) => {
    expect(loadConfig({ PASSWORD_HASH_LOG2N: value }).passwordHashLog2N).toBe(log2N);
  });

  it.each(['9', '21', '15.5', 'fast'])('PASSWORD_HASH_LOG2N=%s is refused, naming the setting', (value) => {
    expect(() => loadConfig({ PASSWORD_HASH_LOG2N: value })).toThrow(/PASSWORD_HASH_LOG2N/);
  });
});
