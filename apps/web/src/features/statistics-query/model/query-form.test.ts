import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT } from '../../../map/sites/polygon-draft';
import { emptyForm, fromSpec, type QueryForm, toSpec } from './query-form';

const form = (over: Partial<QueryForm>): QueryForm => ({ ...emptyForm('2026-07-15'), ...over });

describe('toSpec', () => {
  it('makes whole local days, the end day included', () => {
    expect(toSpec(form({}), EMPTY_DRAFT, 'Asia/Shanghai')).toEqual({
      area: { kind: 'province', code: '440000' },
      from: '2026-06-30T16:00:00.000Z',
      to: '2026-07-15T16:00:00.000Z',
      type: 'all',
      polarity: 'all',
      group_by: 'day',
      time_zone: 'Asia/Shanghai',
    });
  });

  it.each([
    { over: { areaKind: 'city' as const }, want: { field: 'city', key: 'choose_city' } },
    { over: { areaKind: 'radius' as const }, want: { field: 'lat', key: 'pick_point' } },
    {
      over: { areaKind: 'radius' as const, lat: '23', lon: '113', radiusKm: '900' },
      want: { field: 'radius_km', key: 'radius_range' },
    },
    { over: { areaKind: 'polygon' as const }, want: { field: 'polygon', key: 'draw_polygon' } },
    { over: { areaKind: 'bbox' as const }, want: { field: 'bbox', key: 'bbox_numbers' } },
    { over: { fromDate: '2026-07-16' }, want: { field: 'to', key: 'dates_order' } },
    { over: { minKa: '-1' }, want: { field: 'min_ka', key: 'ka_range' } },
  ])('$over → $want', ({ over, want }) => {
    expect(toSpec(form(over), EMPTY_DRAFT, 'UTC')).toEqual(want);
  });

  it('reads a circle, a closed polygon and the current filters', () => {
    const spec = toSpec(
      form({
        areaKind: 'radius',
        lat: '23.1',
        lon: '113.3',
        radiusKm: '15',
        type: 'CG',
        minKa: '10',
        maxKa: '',
      }),
      EMPTY_DRAFT,
      'UTC',
    );
    expect(spec).toMatchObject({
      area: { kind: 'radius', lat: 23.1, lon: 113.3, radius_km: 15 },
      type: 'CG',
      min_ka: 10,
    });
    expect(spec).not.toHaveProperty('max_ka');
    const draft = {
      vertices: [
        [0, 0],
        [1, 0],
        [1, 1],
      ] as [number, number][],
      closed: true,
    };
    expect(toSpec(form({ areaKind: 'polygon' }), draft, 'UTC')).toMatchObject({
      area: {
        kind: 'polygon',
        coordinates: [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      },
    });
  });
});

describe('fromSpec', () => {
  it.each([
    form({}),
    form({
      areaKind: 'radius',
      lat: '23.1',
      lon: '113.3',
      radiusKm: '15',
      groupBy: 'hour',
      polarity: 'negative',
    }),
    form({ areaKind: 'city', province: '440000', city: '440300', minKa: '5', maxKa: '90', type: 'IC' }),
    form({
      areaKind: 'bbox',
      bbox: { west: '110', south: '20', east: '115', north: '25' },
      groupBy: 'month',
    }),
  ])('gives back the form a spec was made from (%#)', (f) => {
    const spec = toSpec(f, EMPTY_DRAFT, 'Asia/Shanghai');
    if ('key' in spec) throw new Error(spec.key);
    expect(fromSpec(spec, emptyForm('2000-01-01')).form).toEqual(f);
  });
});
