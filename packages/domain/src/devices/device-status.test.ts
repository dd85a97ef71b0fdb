import { describe, expect, it } from 'vitest';
import { dailyUptime, degradedReasons, deviceStatus, type StatusChange } from './device-status.js';

const OK = { gps_lock: true, temperature_c: 25, voltage_v: 12.6, noise: 20 };

describe('degradedReasons', () => {
  it.each([
    ['healthy', OK, []],
    ['no GPS lock', { ...OK, gps_lock: false }, ['no_gps_lock']],
    ['cold', { ...OK, temperature_c: -30.5 }, ['temperature']],
    ['at the cold limit', { ...OK, temperature_c: -30 }, []],
    ['hot', { ...OK, temperature_c: 61 }, ['temperature']],
    ['flat battery', { ...OK, voltage_v: 10.9 }, ['voltage']],
    ['overcharging', { ...OK, voltage_v: 14.9 }, ['voltage']],
    ['noise at the limit', { ...OK, noise: 70 }, ['noise']],
    ['noise below', { ...OK, noise: 69.9 }, []],
    [
      'everything',
      { gps_lock: false, temperature_c: 80, voltage_v: 9, noise: 95 },
      ['no_gps_lock', 'temperature', 'voltage', 'noise'],
    ],
  ] as const)('%s', (_name, h, reasons) => {
    expect(degradedReasons(h)).toEqual(reasons);
  });
});

describe('deviceStatus', () => {
  const now = new Date('2026-07-01T12:00:00Z');
  const ago = (min: number) => new Date(now.getTime() - min * 60_000);
  it.each([
    ['never heard from', null, 'offline'],
    ['fresh and healthy', { at: ago(1), reasons: [] }, 'online'],
    ['fresh, no GPS', { at: ago(1), reasons: ['no_gps_lock'] }, 'degraded'],
    ['just under the limit', { at: ago(4.99), reasons: [] }, 'online'],
    ['at the limit', { at: ago(5), reasons: [] }, 'offline'],
    ['stale and degraded', { at: ago(30), reasons: ['noise'] }, 'offline'],
  ] as const)('%s', (_name, last, status) => {
    expect(deviceStatus(last, now, 5)).toBe(status);
  });
});

describe('dailyUptime', () => {
  const t = (s: string) => new Date(`2026-07-${s}Z`);
  const ch = (at: string, status: StatusChange['status']): StatusChange => ({ at: t(at), status });
  it.each([
    ['up all day', [ch('01T00:00:00', 'online')], '01T00:00:00', '02T00:00:00', [100]],
    ['degraded counts as up', [ch('01T00:00:00', 'degraded')], '01T00:00:00', '02T00:00:00', [100]],
    [
      'six hours offline',
      [ch('01T00:00:00', 'online'), ch('01T06:00:00', 'offline'), ch('01T12:00:00', 'online')],
      '01T00:00:00',
      '02T00:00:00',
      [75],
    ],
    [
      'installed at noon: only the afternoon counts',
      [ch('01T12:00:00', 'online'), ch('01T18:00:00', 'offline')],
      '01T00:00:00',
      '02T00:00:00',
      [50],
    ],
    [
      'an outage across midnight, today up to now',
      [ch('01T00:00:00', 'online'), ch('01T23:00:00', 'offline'), ch('02T01:00:00', 'online')],
      '01T00:00:00',
      '02T02:00:00',
      [95.8, 50],
    ],
    ['a change before the window', [ch('01T00:00:00', 'offline')], '03T10:00:00', '04T00:00:00', [0]],
    ['nothing observed yet', [ch('02T00:00:00', 'online')], '01T00:00:00', '03T00:00:00', [null, 100]],
    ['no history', [], '01T00:00:00', '02T00:00:00', [null]],
  ] as const)('%s', (_name, changes, from, now, pcts) => {
    const days = dailyUptime(changes, t(from), t(now));
    expect(days.map((d) => d.uptime_pct)).toEqual(pcts);
  });

  it('names each UTC day', () => {
    const days = dailyUptime([ch('01T00:00:00', 'online')], t('01T05:00:00'), t('03T01:00:00'));
    expect(days.map((d) => d.date)).toEqual(['2026-07-01', '2026-07-02', '2026-07-03']);
  });

  it.each([
    // An outage 23:00–01:00Z is 07:00–09:00 on 2 July in Beijing: the whole of it on one local day.
    ['Asia/Shanghai', '01T16:00:00', '02T16:00:00', ['2026-07-02'], [91.7]],
    ['UTC', '01T00:00:00', '03T00:00:00', ['2026-07-01', '2026-07-02'], [95.8, 95.8]],
    // New York's day of 1 July runs 04:00Z–04:00Z: the outage lies wholly inside it.
    ['America/New_York', '01T04:00:00', '02T04:00:00', ['2026-07-01'], [91.7]],
  ] as const)('counts the local days of %s', (zone, from, now, dates, pcts) => {
    const changes = [ch('01T00:00:00', 'online'), ch('01T23:00:00', 'offline'), ch('02T01:00:00', 'online')];
    const days = dailyUptime(changes, t(from), t(now), zone);
    expect(days.map((d) => d.date)).toEqual(dates);
    expect(days.map((d) => d.uptime_pct)).toEqual(pcts);
  });
});
