import { describe, expect, it } from 'vitest';
import {
  emailProblem,
  isPublicAddress,
  literalAddress,
  phoneProblem,
  secretProblem,
  wechatProblem,
} from './recipient-checks.js';

describe('recipient checks', () => {
  it.each([
    ['+8613812345678', true],
    ['13812345678', true],
    ['+86 138 1234 5678', false],
    ['0123', false],
    ['phone', false],
  ])('phone %s → %s', (value, ok) => expect(phoneProblem(value) === null).toBe(ok));

  it.each([
    ['duty@airport.example.cn', true],
    ['a.b+c@x.io', true],
    ['Duty <duty@x.io>', false],
    ['duty@localhost', false],
    ['duty@@x.io', false],
    ['a@b.c,d@e.f', false],
  ])('e-mail %s → %s', (value, ok) => expect(emailProblem(value) === null).toBe(ok));

  it.each([
    ['oAbC12-xyz_789', true],
    ['short', false],
    ['has space inside', false],
  ])('WeChat openid %s → %s', (value, ok) => expect(wechatProblem(value) === null).toBe(ok));

  it.each([
    ['93.184.216.34', true],
    ['2606:2800:220:1:248:1893:25c8:1946', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['fd00::1', false],
    ['fe80::1', false],
    ['::ffff:127.0.0.1', false],
    ['224.0.0.1', false],
  ])('address %s public → %s', (address, pub) => expect(isPublicAddress(address)).toBe(pub));

  it('reads IP literals out of URL hosts, brackets and all', () => {
    expect(literalAddress('[::1]')).toBe('::1');
    expect(literalAddress('10.0.0.1')).toBe('10.0.0.1');
    expect(literalAddress('hooks.example.com')).toBeNull();
  });

  it.each<[Parameters<typeof secretProblem>[0], string, boolean]>([
    ['dingtalk', 'SEC0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcd', true],
    ['dingtalk', 'sec0123456789abcdef', false],
    ['dingtalk', 'SEC 0123456789', false],
    ['dingtalk', 'my-shared-secret', false],
    ['feishu', 'mI4rKx0fQh2Zb7uVw9c3Pd', true],
    ['feishu', 'with space inside', false],
    ['webhook', 'first-secret-Zq81', true],
    ['webhook', 'tab\there', false],
  ])('%s secret %s → %s', (kind, secret, ok) => expect(secretProblem(kind, secret) === null).toBe(ok));
});
