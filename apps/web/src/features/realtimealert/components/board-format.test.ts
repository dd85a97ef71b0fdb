import type { WarningItem } from '@thunderwatch/shared/schemas/warnings';
import { describe, expect, it } from 'vitest';
import {
  allClearRemaining,
  compassPoint,
  describeEta,
  formatCountdown,
  formatKm,
  levelCounts,
  sortTiles,
  wholeDegrees,
} from './board-format';

const item = (id: number, name: string, level: WarningItem['level']): WarningItem => ({
  location_id: id,
  name,
  name_en: null,
  level,
  since: null,
  nearest_km: null,
  bearing_deg: null,
  counts: [],
  all_clear_at: null,
  approach: null,
  alert_id: null,
  unconfirmed_alarms: 0,
  predicted: false,
});

describe('formatCountdown', () => {
  it.each([
    [30 * 60_000, '30:00'],
    [61_000, '01:01'],
    // A second that has begun still counts, so the display never shows 00:00 before the all-clear.
    [59_200, '01:00'],
    [9_001, '00:10'],
    [999, '00:01'],
    [0, '00:00'],
    [-5_000, '00:00'],
    [240 * 60_000, '240:00'],
  ])('%i ms left reads %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });
});

describe('compassPoint', () => {
  it.each([
    [0, 'N'],
    [22.4, 'N'],
    [22.5, 'NE'],
    [45, 'NE'],
    [90, 'E'],
    [135, 'SE'],
    [180, 'S'],
    [235, 'SW'],
    [247.4, 'SW'],
    [270, 'W'],
    [315, 'NW'],
    [337.4, 'NW'],
    [337.5, 'N'],
    [359.9, 'N'],
    [360, 'N'],
    [-90, 'W'],
    [450, 'E'],
  ])('%f° is %s', (deg, point) => {
    expect(compassPoint(deg)).toBe(point);
  });

  it('rounds degrees into [0, 360)', () => {
    expect([wholeDegrees(359.6), wholeDegrees(234.5), wholeDegrees(-1)]).toEqual([0, 235, 359]);
  });
});

describe('formatKm', () => {
  it.each([
    [4.24, '4.2'],
    [4.25, '4.3'],
    [0, '0.0'],
    [12, '12.0'],
  ])('%f km reads %s', (km, text) => {
    expect(formatKm(km)).toBe(text);
  });
});

describe('sortTiles', () => {
  it('puts the highest level first, then orders by name, and leaves its input alone', () => {
    const items = [item(1, 'School', 0), item(2, 'Airport', 1), item(3, 'Port', 3), item(4, 'Harbour', 3)];
    const sorted = sortTiles(items, (a, b) => a.localeCompare(b), 'en');
    expect(sorted.map((i) => i.name)).toEqual(['Harbour', 'Port', 'Airport', 'School']);
    expect(items[0]?.name).toBe('School');
  });

  it('orders by the name the reader reads', () => {
    const items = [
      { ...item(1, '盐田港', 2), name_en: 'Yantian Port' },
      { ...item(2, '白云机场', 2), name_en: 'Baiyun Airport' },
      item(3, 'Apron', 2),
    ];
    const byName = (a: string, b: string) => a.localeCompare(b);
    expect(sortTiles(items, byName, 'en').map((i) => i.location_id)).toEqual([3, 2, 1]);
    const compared: string[] = [];
    sortTiles(items, (a, b) => compared.push(a, b) && byName(a, b), 'zh-Hans');
    expect(compared).toContain('盐田港');
    expect(compared).not.toContain('Yantian Port');
  });

  it('uses the given name order (Chinese collation in Chinese)', () => {
    const zh = new Intl.Collator('zh-CN');
    const sorted = sortTiles(
      [item(1, '中山', 2), item(2, '北京', 2), item(3, '安徽', 2)],
      zh.compare,
      'zh-Hans',
    );
    expect(sorted.map((i) => i.name)).toEqual(['安徽', '北京', '中山']);
  });
});

describe('levelCounts', () => {
  it('counts locations per level', () => {
    const counts = levelCounts([item(1, 'a', 3), item(2, 'b', 3), item(3, 'c', 0), item(4, 'd', 1)]);
    expect(counts).toEqual({ 0: 1, 1: 1, 2: 0, 3: 2 });
  });
});

describe('describeEta', () => {
  it.each([
    [null, { kind: 'not_expected' }],
    [Number.NaN, { kind: 'not_expected' }],
    [0, { kind: 'inside' }],
    [-3, { kind: 'inside' }],
    [0.2, { kind: 'minutes', minutes: 1 }],
    [12.4, { kind: 'minutes', minutes: 12 }],
    [12.6, { kind: 'minutes', minutes: 13 }],
  ])('an ETA of %s min reads %o', (eta, expected) => {
    expect(describeEta(eta)).toEqual(expected);
  });
});

describe('allClearRemaining', () => {
  const now = Date.parse('2025-06-15T08:00:00.000Z');
  it.each([
    ['warned, 90 s to go', 3, '2025-06-15T08:01:30.000Z', 90_000],
    ['warned, all-clear overdue', 2, '2025-06-15T07:59:00.000Z', 0],
    ['clear', 0, '2025-06-15T08:01:30.000Z', null],
    ['warned, no time given', 1, null, null],
    ['warned, bad time', 1, 'soon', null],
  ] as const)('%s', (_name, level, at, expected) => {
    expect(allClearRemaining({ level, all_clear_at: at }, now)).toBe(expected);
  });
});
