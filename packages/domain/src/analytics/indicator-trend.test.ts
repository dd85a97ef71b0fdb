import { describe, expect, it } from 'vitest';
import { climatologyMean, percent, trendOf } from './indicator-trend.js';

describe('trendOf', () => {
  it.each([
    { value: 110, previous: 100, opts: {}, want: 'up' },
    { value: 90, previous: 100, opts: {}, want: 'down' },
    { value: 104, previous: 100, opts: {}, want: 'flat' },
    { value: 105, previous: 100, opts: {}, want: 'flat' },
    { value: 106, previous: 100, opts: {}, want: 'up' },
    { value: 2, previous: 1, opts: { minStep: 5 }, want: 'flat' },
    { value: 20, previous: 1, opts: { minStep: 5 }, want: 'up' },
    { value: 3, previous: 0, opts: {}, want: 'up' },
    { value: 0, previous: 0, opts: {}, want: 'flat' },
    { value: null, previous: 10, opts: {}, want: null },
    { value: 10, previous: null, opts: {}, want: null },
  ])('$value against $previous ($opts) → $want', ({ value, previous, opts, want }) => {
    expect(trendOf(value, previous, opts)).toBe(want);
  });
});

describe('climatologyMean', () => {
  it.each([
    { perYear: [10, 20, 30, null, null], want: { mean: 20, years: 3 } },
    { perYear: [0, 0, 0, 0, 0], want: { mean: 0, years: 5 } },
    { perYear: [null, null], want: { mean: null, years: 0 } },
    { perYear: [], want: { mean: null, years: 0 } },
  ])('$perYear → $want', ({ perYear, want }) => {
    expect(climatologyMean(perYear)).toEqual(want);
  });
});

describe('percent', () => {
  it.each([
    { part: 1, whole: 3, want: 33.3 },
    { part: 2, whole: 2, want: 100 },
    { part: 0, whole: 5, want: 0 },
    { part: 0, whole: 0, want: null },
  ])('$part of $whole → $want', ({ part, whole, want }) => {
    expect(percent(part, whole)).toBe(want);
  });
});
