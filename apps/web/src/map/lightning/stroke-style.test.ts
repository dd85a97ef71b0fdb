import { featureFilter } from '@maplibre/maplibre-gl-style-spec';
import type { CompactStroke } from '@thunderwatch/shared/strokes';
import { describe, expect, it } from 'vitest';
import { NO_STROKE_FILTER, type StrokeFilter, strokePasses } from '../../lib/stroke-filter';
import {
  AGE_BINS,
  AGE_LAYERS,
  ageBin,
  ageClassFilter,
  FADED_COLOR,
  kindFilter,
  sourceWindow,
  strokeFilterClauses,
  timeFilter,
  toFeature,
} from './stroke-style';

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

  it.each(['live', 'replay'] as const)(
    'holds in the source every stroke the filters can draw (%s)',
    (mode) => {
      const now = 1_000 * MIN;
      const visible = featureFilter(timeFilter(now, mode), 'filter');
      const window = sourceWindow(now, mode);
      for (const ageMin of [-0.5, 0, 59.99, 60, 61, 179.99, 180, 181]) {
        const t = now - ageMin * MIN;
        const drawn = visible.filter({ zoom: 5 }, { type: 1, properties: { t, k: 0 } } as never);
        const held = t > window.from && t <= window.to;
        expect(drawn && !held, `${ageMin} min drawn but not held`).toBe(false);
        expect(held && !drawn, `${ageMin} min held but never drawn`).toBe(false);
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

describe('stroke filter on the map', () => {
  const now = 1_000 * MIN;
  const strokes: CompactStroke[] = [
    [1, now - MIN, 23, 113, -31, 0, null, 0],
    [2, now - MIN, 23, 113, 12, 0, null, 0],
    [3, now - 20 * MIN, 23, 113, 20, 1, null, 0],
    [4, now - 20 * MIN, 23, 113, -19.9, 1, null, 0],
    [5, now - 90 * MIN, 23, 113, 250, 0, null, 0],
  ];
  const filters: StrokeFilter[] = [
    NO_STROKE_FILTER,
    { types: ['CG'], minKa: 0 },
    { types: ['IC'], minKa: 0 },
    { types: ['CG', 'IC'], minKa: 20 },
    { types: ['IC'], minKa: 20 },
    { types: ['CG'], minKa: 100 },
  ];

  it.each(filters)('draws exactly the strokes strokePasses keeps: %j', (filter) => {
    for (const mode of ['live', 'replay'] as const) {
      for (const stroke of strokes) {
        const feature = { type: 1, properties: toFeature(stroke).properties } as never;
        const drawn = AGE_LAYERS.flatMap((age) => [0, 1].map((kind) => ({ age, kind }))).filter(
          ({ age, kind }) =>
            featureFilter(ageClassFilter(now, mode, kind as 0 | 1, age, filter), 'filter').filter(
              { zoom: 5 },
              feature,
            ),
        );
        const shown = featureFilter(timeFilter(now, mode), 'filter').filter({ zoom: 5 }, feature);
        expect(drawn.length, `${mode} stroke ${stroke[0]}`).toBe(
          shown && strokePasses(filter, stroke) ? 1 : 0,
        );
        const polarity = featureFilter(kindFilter(now, mode, 0, filter), 'filter').filter(
          { zoom: 9 },
          feature,
        );
        expect(polarity, `${mode} stroke ${stroke[0]} polarity`).toBe(
          shown && stroke[5] === 0 && strokePasses(filter, stroke),
        );
      }
    }
  });

  it('adds no clause when nothing is filtered', () => {
    expect(strokeFilterClauses(NO_STROKE_FILTER)).toEqual([]);
    expect(strokeFilterClauses({ types: ['IC'], minKa: 5 })).toEqual([
      ['in', ['get', 'k'], ['literal', [1]]],
      ['>=', ['get', 'a'], 5],
    ]);
  });
});
