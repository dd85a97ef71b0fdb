import { describe, expect, it } from 'vitest';
import { formatValue, toneOf } from './indicator-view';

describe('toneOf', () => {
  it.each([
    { trend: 'up', better: 'higher', want: 'good' },
    { trend: 'down', better: 'higher', want: 'bad' },
    { trend: 'up', better: 'lower', want: 'bad' },
    { trend: 'down', better: 'lower', want: 'good' },
    { trend: 'up', better: 'neither', want: 'neutral' },
    { trend: 'flat', better: 'higher', want: 'neutral' },
    { trend: null, better: 'lower', want: 'neutral' },
  ] as const)('$trend with $better better → $want', ({ trend, better, want }) => {
    expect(toneOf({ trend, better })).toBe(want);
  });
});

describe('formatValue', () => {
  it.each([
    { value: 12345, unit: 'strokes', locale: 'en', want: '12,345' },
    { value: 12345, unit: 'strokes', locale: 'zh-Hans', want: '12,345' },
    { value: 99.5, unit: '%', locale: 'en', want: '99.5 %' },
    { value: 920, unit: 'ms', locale: 'en', want: '920 ms' },
    { value: 2500, unit: 'ms', locale: 'en', want: '2.5 s' },
    { value: null, unit: '%', locale: 'en', want: '—' },
  ])('$value $unit in $locale → $want', ({ value, unit, locale, want }) => {
    expect(formatValue(value, unit, locale)).toBe(want);
  });
});
