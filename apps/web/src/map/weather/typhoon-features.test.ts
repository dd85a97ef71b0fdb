import type { TyphoonDetail, TyphoonGrade, TyphoonPoint } from '@thunderwatch/shared/schemas/typhoon';
import type { Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import {
  destination,
  forecastFeatures,
  GRADE_COLORS,
  pointFeatures,
  radiiFeatures,
  radiiPolygon,
  stormName,
  trackFeatures,
  typhoonMapData,
} from './typhoon-features';

const point = (
  time: string,
  lon: number,
  lat: number,
  grade: TyphoonGrade,
  extra: Partial<TyphoonPoint> = {},
) => ({
  time,
  lat,
  lon,
  pressure_hpa: 990,
  wind_ms: 25,
  grade,
  radii: [],
  ...extra,
});

function storm(overrides: Partial<TyphoonDetail> = {}): TyphoonDetail {
  return {
    id: 'wp022023',
    name_en: 'MAWAR',
    name_zh: null,
    basin: 'WP',
    year: 2023,
    number: '02',
    status: 'active',
    first_time: '2023-05-20T00:00:00Z',
    last_time: '2023-05-20T12:00:00Z',
    peak: { wind_ms: 33, pressure_hpa: 975, grade: 'TY' },
    latest: { lat: 11, lon: 150, grade: 'TY' },
    track: [
      point('2023-05-20T00:00:00Z', 152, 10, 'TS'),
      point('2023-05-20T06:00:00Z', 151, 10.5, 'STS'),
      point('2023-05-20T12:00:00Z', 150, 11, 'TY', {
        radii: [
          { kt: 64, ne_km: 40, se_km: 40, sw_km: 30, nw_km: 30 },
          { kt: 34, ne_km: 200, se_km: 180, sw_km: 150, nw_km: 0 },
        ],
      }),
    ],
    forecast: [{ ...point('2023-05-21T00:00:00Z', 148, 12, 'STY'), lead_h: 12 }],
    forecast_base: '2023-05-20T12:00:00Z',
    cone: {
      type: 'Polygon',
      coordinates: [
        [
          [150, 11],
          [148, 12.5],
          [148, 11.5],
          [150, 11],
        ],
      ],
    },
    ...overrides,
  };
}

describe('destination', () => {
  it.each([
    // 111.195 km is one degree of latitude (or of longitude on the equator) on the mean Earth radius.
    [0, 111.195, [0, 1]],
    [90, 111.195, [1, 0]],
    [180, 111.195, [0, -1]],
    [270, 111.195, [-1, 0]],
    [45, 0, [0, 0]],
  ] as const)('bearing %i° for %f km from (0, 0) reaches %j', (bearing, km, expected) => {
    const [lon, lat] = destination(0, 0, bearing, km);
    expect(lon).toBeCloseTo(expected[0], 3);
    expect(lat).toBeCloseTo(expected[1], 3);
  });
});

describe('radiiPolygon', () => {
  it.each([
    ['NE', 0, 45, 100],
    ['SE', 1, 135, 200],
    ['SW', 2, 225, 300],
    ['NW', 3, 315, 400],
  ] as const)('the %s quadrant’s arc lies at its own radius', (_q, index, bearing, km) => {
    const polygon = radiiPolygon(120, 20, {
      kt: 34,
      ne_km: 100,
      se_km: 200,
      sw_km: 300,
      nw_km: 400,
    }) as Polygon;
    const ring = polygon.coordinates[0] as [number, number][];
    // 13 vertices per quadrant: the middle one of quadrant `index` is on the bisecting bearing.
    expect(ring[index * 13 + 6]).toEqual(destination(120, 20, bearing, km));
  });

  it('is closed, and a quadrant of 0 km folds back to the centre', () => {
    const polygon = radiiPolygon(120, 20, { kt: 50, ne_km: 100, se_km: 0, sw_km: 0, nw_km: 0 }) as Polygon;
    const ring = polygon.coordinates[0] as [number, number][];
    expect(ring).toHaveLength(4 * 13 + 1);
    expect(ring.at(-1)).toEqual(ring[0]);
    expect(ring[13]).toEqual([120, 20]);
  });

  it('is null when every quadrant is 0', () => {
    expect(radiiPolygon(120, 20, { kt: 64, ne_km: 0, se_km: 0, sw_km: 0, nw_km: 0 })).toBeNull();
  });
});

describe('typhoon features', () => {
  it('colours each track segment by the grade at its start', () => {
    const segments = trackFeatures(storm());
    expect(segments.map((s) => s.properties?.color)).toEqual([GRADE_COLORS.TS, GRADE_COLORS.STS]);
    expect(segments[1]?.geometry.coordinates).toEqual([
      [151, 10.5],
      [150, 11],
    ]);
  });

  it('draws the latest point’s radii, widest first', () => {
    expect(radiiFeatures(storm()).map((f) => f.properties?.kt)).toEqual([34, 64]);
    expect(radiiFeatures(storm({ track: [] }))).toEqual([]);
  });

  it.each([
    ['with a forecast', storm(), ['cone', 'forecast']],
    ['without one', storm({ forecast: [], cone: null, forecast_base: null }), []],
  ] as const)('the forecast features %s', (_case, s, kinds) => {
    expect(forecastFeatures(s).map((f) => f.properties?.kind)).toEqual(kinds);
  });

  it('starts the forecast line at the latest observed point', () => {
    const line = forecastFeatures(storm()).find((f) => f.properties?.kind === 'forecast');
    expect(line?.geometry).toEqual({
      type: 'LineString',
      coordinates: [
        [150, 11],
        [148, 12],
      ],
    });
  });

  it('gives each point what its popup shows, forecast ones with their lead', () => {
    const points = pointFeatures(storm(), 'en');
    expect(points).toHaveLength(4);
    expect(points[2]?.properties).toEqual({
      storm: 'wp022023',
      name: 'MAWAR',
      time: '2023-05-20T12:00:00Z',
      pressure_hpa: 990,
      wind_ms: 25,
      grade: 'TY',
      color: GRADE_COLORS.TY,
      lead_h: null,
    });
    expect(points[3]?.properties.lead_h).toBe(12);
  });

  it.each([
    ['en', { name_en: 'MAWAR', name_zh: '玛娃' }, 'MAWAR'],
    ['zh-Hans', { name_en: 'MAWAR', name_zh: '玛娃' }, '玛娃'],
    ['zh-Hans', { name_en: 'MAWAR', name_zh: null }, 'MAWAR'],
    ['en', { name_en: null, name_zh: null }, 'WP022023'],
  ] as const)('in %s, names %j as %s', (language, names, expected) => {
    expect(stormName({ id: 'wp022023', ...names }, language)).toBe(expected);
  });

  it('collects the shapes and points of every storm', () => {
    const data = typhoonMapData([storm(), storm({ id: 'wp032023', forecast: [], cone: null })], 'en');
    expect(data.points.features).toHaveLength(4 + 3);
    const kinds = data.shapes.features.map((f) => f.properties?.kind);
    expect(kinds.filter((k) => k === 'track')).toHaveLength(4);
    expect(kinds.filter((k) => k === 'cone')).toHaveLength(1);
  });
});
