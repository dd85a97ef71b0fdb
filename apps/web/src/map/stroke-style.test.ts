import { describe, expect, it } from 'vitest';
import { AGE_BINS, ageBin, ageColor, FADED_COLOR, timeFilter } from './stroke-style';

const MIN = 60_000;

describe('stroke age bins', () => {
  it('puts strokes in 0–5, 5–15, 15–60 minutes and older', () => {
    expect([0, 4.99, 5, 14.99, 15, 59.99, 60, 600].map((m) => ageBin(m * MIN))).toEqual([
      0, 0, 1, 1, 2, 2, 3, 3,
    ]);
    expect(ageBin(-30_000)).toBe(0);
  });

  it('colours by the same bins in the map style', () => {
    const now = 1_000 * MIN;
    expect(ageColor(now)).toEqual([
      'step',
      ['-', now, ['get', 't']],
      AGE_BINS[0].color,
      5 * MIN,
      AGE_BINS[1].color,
      15 * MIN,
      AGE_BINS[2].color,
      60 * MIN,
      FADED_COLOR,
    ]);
  });

  it('shows the last hour live, and what had happened by the cursor in replay', () => {
    const now = 1_000 * MIN;
    expect(timeFilter(now, 'live')).toEqual(['>', ['get', 't'], now - 60 * MIN]);
    expect(timeFilter(now, 'replay')).toEqual([
      'all',
      ['<=', ['get', 't'], now],
      ['>', ['get', 't'], now - 180 * MIN],
    ]);
  });
});
