import { describe, expect, it } from 'vitest';
import { downsample } from './series-downsample.js';

const T0 = Date.parse('2026-07-01T00:00:00Z');
const MIN = 60_000;
const pts = (...vs: [number, number][]) => vs.map(([m, value]) => ({ timeMs: T0 + m * MIN, value }));

describe('downsample', () => {
  it.each([
    ['one bucket', pts([0, 1], [5, 3], [9, 2]), 10, [{ timeMs: T0, min: 1, max: 3, mean: 2, count: 3 }]],
    [
      'buckets in order, empty ones left out',
      pts([25, 4], [1, 1], [2, 2]),
      10,
      [
        { timeMs: T0, min: 1, max: 2, mean: 1.5, count: 2 },
        { timeMs: T0 + 20 * MIN, min: 4, max: 4, mean: 4, count: 1 },
      ],
    ],
    [
      'points before the start dropped',
      pts([-1, 9], [0, 1]),
      10,
      [{ timeMs: T0, min: 1, max: 1, mean: 1, count: 1 }],
    ],
  ])('%s', (_, points, minutes, expected) => {
    expect(downsample(points, T0, (minutes as number) * MIN)).toEqual(expected);
  });

  it.each([
    [[350, 10], 0],
    [[90, 180], 135],
    [[270, 300], 285],
  ])('averages directions %j as %d', (values, mean) => {
    const [b] = downsample(
      values.map((value, i) => ({ timeMs: T0 + i, value })),
      T0,
      MIN,
      true,
    );
    expect(b?.mean).toBeCloseTo(mean, 6);
  });

  it('refuses a zero interval', () => {
    expect(() => downsample([], T0, 0)).toThrow(RangeError);
  });
});
