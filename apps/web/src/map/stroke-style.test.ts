import { featureFilter } from '@maplibre/maplibre-gl-style-spec';
import { describe, expect, it } from 'vitest';
import { AGE_BINS, AGE_LAYERS, ageBin, ageClassFilter, FADED_COLOR, timeFilter } from './stroke-style';

const MIN = 60_000;

describe('stroke age bins', () => {
  it('puts strokes in 0–5, 5–15, 15–60 minutes and older', () => {
    expect([0, 4.99, 5, 14.99, 15, 59.99, 60, 600].map((m) => ageBin(m * MIN))).toEqual([
      0, 0, 1, 1, 2, 2, 3, 3,
    ]);
    expect(ageBin(-30_000)).toBe(0);
  });

  it.each(['live', 'replay'] as const)(
    'draws every visible stroke in exactly the layer of its age bin (%s)',
    (mode) => {
      const now = 1_000 * MIN;
      const filters = AGE_LAYERS.map((age) => ({
        age,
        test: featureFilter(ageClassFilter(now, mode, 0, age), 'filter'),
      }));
      const visible = featureFilter(timeFilter(now, mode), 'filter');
      for (const ageMin of [-0.5, 0, 4.99, 5, 5.01, 14.99, 15, 59.99, 60, 61, 179, 181]) {
        const feature = { type: 1, properties: { t: now - ageMin * MIN, k: 0 } } as never;
        const hits = filters.filter((f) => f.test.filter({ zoom: 5 }, feature)).map((f) => f.age);
        if (!visible.filter({ zoom: 5 }, feature)) {
          expect(hits, `${ageMin} min`).toEqual([]);
          continue;
        }
        expect(
          hits.map((a) => a.bin),
          `${ageMin} min`,
        ).toEqual([ageBin(ageMin * MIN)]);
        const bin = ageBin(ageMin * MIN);
        expect(hits[0]?.color).toBe(bin === 3 ? FADED_COLOR : AGE_BINS[bin].color);
      }
    },
  );

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
