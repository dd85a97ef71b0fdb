import { describe, expect, it } from 'vitest';
import { windTrend } from './wind-trend.js';

const END = Date.UTC(2026, 6, 1, 12);
const MIN = 60_000;
/** Readings every 10 min over the hour to END, from `start` m/s changing by `step` each. */
const ramp = (start: number, step: number, n = 7) =>
  Array.from({ length: n }, (_, i) => ({ timeMs: END - (n - 1 - i) * 10 * MIN, value: start + i * step }));

describe('windTrend', () => {
  it.each([
    ['rising 3 m/s in an hour', ramp(10, 0.5), 'rising', 3],
    ['falling 6 m/s in an hour', ramp(20, -1), 'falling', -6],
    ['flat', ramp(12, 0), 'steady', 0],
    ['just under the threshold', ramp(12, 0.24), 'steady', 1.4],
    ['at the threshold', ramp(12, 0.25), 'rising', 1.5],
  ] as const)('%s', (_, points, trend, change) => {
    expect(windTrend(points, END)).toEqual({ trend, changePerHourMs: change });
  });

  it('is not moved much by one gust in a steady wind', () => {
    const points = ramp(12, 0).map((p, i) => (i === 3 ? { ...p, value: 20 } : p));
    expect(windTrend(points, END)?.trend).toBe('steady');
  });

  it('reads only the hour up to the end', () => {
    const old = [{ timeMs: END - 90 * MIN, value: 40 }];
    expect(windTrend([...old, ...ramp(12, 0)], END)?.trend).toBe('steady');
  });

  it.each([
    ['fewer than 3 readings', ramp(10, 1, 2)],
    ['a span under 20 min', [0, 5, 10].map((m) => ({ timeMs: END - m * MIN, value: 10 + m }))],
    ['nothing', []],
  ])('has no trend with %s', (_, points) => {
    expect(windTrend(points, END)).toBeNull();
  });
});
