import type { CompactStroke } from '@thunderwatch/shared/strokes';
import { describe, expect, it } from 'vitest';
import {
  filterActive,
  filterFromParams,
  filterOfScene,
  NO_STROKE_FILTER,
  type StrokeFilter,
  sceneFiltersOf,
  strokeFilter,
  strokePasses,
  writeFilterParams,
} from './stroke-filter';

const stroke = (ka: number, ic: 0 | 1): CompactStroke => [1, 0, 23, 113, ka, ic, null, 0];
const CG_ONLY: StrokeFilter = { types: ['CG'], minKa: 0 };
const IC_20: StrokeFilter = { types: ['IC'], minKa: 20 };
const ANY_20: StrokeFilter = { types: ['CG', 'IC'], minKa: 20 };

describe('stroke filter', () => {
  it.each([
    ['no filter keeps a weak CG', NO_STROKE_FILTER, stroke(-1, 0), true],
    ['no filter keeps a weak IC', NO_STROKE_FILTER, stroke(0.5, 1), true],
    ['CG only keeps a CG', CG_ONLY, stroke(-30, 0), true],
    ['CG only drops an IC', CG_ONLY, stroke(-30, 1), false],
    ['IC ≥ 20 drops a strong CG', IC_20, stroke(80, 0), false],
    ['IC ≥ 20 keeps an IC of exactly 20 kA', IC_20, stroke(20, 1), true],
    ['IC ≥ 20 drops an IC of 19.9 kA', IC_20, stroke(19.9, 1), false],
    ['≥ 20 compares the magnitude of a negative stroke', ANY_20, stroke(-25, 0), true],
    ['≥ 20 drops a −15 kA stroke', ANY_20, stroke(-15, 0), false],
  ] as const)('%s', (_, filter, s, expected) => {
    expect(strokePasses(filter, s)).toBe(expected);
  });

  it.each([
    ['nothing given', undefined, undefined, NO_STROKE_FILTER],
    ['no type is both', [], 10, { types: ['CG', 'IC'], minKa: 10 }],
    ['types in CG, IC order, once each', ['IC', 'CG', 'IC'], 0, NO_STROKE_FILTER],
    ['unknown types are ignored', ['IC', 'XX'], 0, { types: ['IC'], minKa: 0 }],
    ['kA rounded to 0.1', ['CG'], 12.345, { types: ['CG'], minKa: 12.3 }],
    ['negative kA is none', ['CG'], -5, CG_ONLY],
    ['kA over 1000 is none', ['CG'], 5000, CG_ONLY],
    ['NaN kA is none', ['CG'], Number.NaN, CG_ONLY],
  ] as const)('normalises: %s', (_, types, ka, expected) => {
    expect(strokeFilter(types, ka)).toEqual(expected);
  });

  it.each([
    [NO_STROKE_FILTER, false],
    [CG_ONLY, true],
    [{ types: ['CG', 'IC'], minKa: 0.1 }, true],
  ] as const)('active: %j → %s', (filter, active) => {
    expect(filterActive(filter)).toBe(active);
  });

  it.each([
    [NO_STROKE_FILTER, {}, ''],
    [CG_ONLY, { stroke_types: ['CG'] }, 'types=CG'],
    [IC_20, { stroke_types: ['IC'], min_peak_ka: 20 }, 'types=IC&min_ka=20'],
    [ANY_20, { min_peak_ka: 20 }, 'min_ka=20'],
  ] as const)('round-trips %j through a scene and the address', (filter, scene, query) => {
    expect(sceneFiltersOf(filter)).toEqual(scene);
    expect(filterOfScene({ ...scene, radar_product: 'n0r' })).toEqual(filter);
    const params = new URLSearchParams('lat=23&types=IC&min_ka=5&scene=4');
    writeFilterParams(params, filter);
    expect(params.toString()).toBe(['lat=23', query, 'scene=4'].filter(Boolean).join('&'));
    expect(filterFromParams(params)).toEqual(filter);
  });

  it('reads only valid parts of the address', () => {
    expect(filterFromParams(new URLSearchParams('types=IC,ZZ&min_ka=abc'))).toEqual({
      types: ['IC'],
      minKa: 0,
    });
    expect(filterFromParams(new URLSearchParams('min_ka='))).toEqual(NO_STROKE_FILTER);
    expect(filterOfScene(undefined)).toEqual(NO_STROKE_FILTER);
  });
});
