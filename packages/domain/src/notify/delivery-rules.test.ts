import { describe, expect, it } from 'vitest';
import { channelsFor, inQuietHours, quietHoursHoldBack, retryDelayMs } from './delivery-rules.js';

describe('channelsFor', () => {
  it.each([
    ['user', ['inapp', 'email', 'sms', 'webhook', 'wechat'], ['inapp', 'email', 'sms', 'wechat']],
    ['user', ['webhook'], []],
    ['phone', ['inapp', 'sms'], ['sms']],
    ['phone', ['email'], []],
    ['email', ['email', 'sms'], ['email']],
    ['webhook', ['webhook'], ['webhook']],
    ['wechat', ['inapp', 'wechat'], ['wechat']],
  ] as const)('%s with %j → %j', (kind, list, expected) => {
    expect(channelsFor(kind, list)).toEqual(expected);
  });
});

describe('inQuietHours', () => {
  // 2026-11-21T14:30Z is 22:30 in Shanghai (UTC+8) and 14:30 in London.
  const at = new Date('2026-11-21T14:30:00Z');
  it.each([
    [{ from: '22:00', to: '07:00' }, 'Asia/Shanghai', true],
    [{ from: '22:00', to: '07:00' }, 'Europe/London', false],
    [{ from: '22:30', to: '23:00' }, 'Asia/Shanghai', true],
    [{ from: '21:00', to: '22:30' }, 'Asia/Shanghai', false],
    [{ from: '14:00', to: '15:00' }, 'UTC', true],
    [{ from: '23:00', to: '23:00' }, 'Asia/Shanghai', false],
    [{ from: '00:00', to: '23:59' }, 'Asia/Shanghai', true],
  ])('%j in %s → %s', (quiet, tz, expected) => {
    expect(inQuietHours(quiet, at, tz)).toBe(expected);
  });

  it('wraps past midnight: 03:00 is inside 22:00–07:00, 07:00 is not', () => {
    const q = { from: '22:00', to: '07:00' };
    expect(inQuietHours(q, new Date('2026-11-21T03:00:00Z'), 'UTC')).toBe(true);
    expect(inQuietHours(q, new Date('2026-11-21T07:00:00Z'), 'UTC')).toBe(false);
    expect(inQuietHours(q, new Date('2026-11-21T06:59:00Z'), 'UTC')).toBe(true);
  });
});

describe('quietHoursHoldBack', () => {
  const quiet = { from: '22:00', to: '07:00' };
  const night = new Date('2026-11-21T23:00:00Z');
  it.each([
    ['yellow by SMS at night', 1, 'sms', quiet, true],
    ['orange by e-mail at night', 2, 'email', quiet, true],
    ['red always goes through', 3, 'sms', quiet, false],
    ['the inbox disturbs no one', 1, 'inapp', quiet, false],
    ['no quiet hours', 1, 'sms', null, false],
    ['a message without level (summary)', null, 'email', quiet, true],
  ] as const)('%s', (_name, level, channel, q, expected) => {
    expect(quietHoursHoldBack({ quiet: q, level, channel, at: night, timeZone: 'UTC' })).toBe(expected);
  });
});

describe('retryDelayMs', () => {
  it.each([
    [1, 0.5, 5_000],
    [2, 0.5, 10_000],
    [3, 0.5, 20_000],
    [8, 0.5, 600_000],
    [20, 0.5, 600_000],
    [1, 0, 4_000],
    [1, 0.999999, 6_000],
  ])('after %i failures (random %f) → %i ms', (n, r, ms) => {
    expect(retryDelayMs(n, r)).toBe(ms);
  });
});
