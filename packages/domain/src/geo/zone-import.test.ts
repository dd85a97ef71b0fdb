import { describe, expect, it } from 'vitest';
import { parseZoneImport, ZONE_IMPORT_LIMITS } from './zone-import.js';

const RING = [
  [113, 23],
  [113.1, 23],
  [113.1, 23.1],
  [113, 23.1],
  [113, 23],
];
const OPEN_RING = RING.slice(0, 4);
const polygon = (ring = RING) => ({ type: 'Polygon', coordinates: [ring] });
const feature = (geometry: unknown, name?: string) => ({
  type: 'Feature',
  properties: name === undefined ? {} : { name },
  geometry,
});
const collection = (...features: unknown[]) => ({ type: 'FeatureCollection', features });

describe('parseZoneImport', () => {
  it.each<[string, unknown, string[]]>([
    [
      'a FeatureCollection with names',
      collection(feature(polygon(), 'Airport'), feature(polygon(), ' Port ')),
      ['Airport', 'Port'],
    ],
    ['a Feature without a name', feature(polygon()), ['Zone 1']],
    ['a bare Polygon', polygon(), ['Zone 1']],
    [
      'a MultiPolygon split into numbered zones',
      feature({ type: 'MultiPolygon', coordinates: [[RING], [RING]] }, 'Campus'),
      ['Campus (1)', 'Campus (2)'],
    ],
    [
      'unnamed features numbered by their place',
      collection(feature(polygon(), 'A'), feature(polygon())),
      ['A', 'Zone 2'],
    ],
    ['a very long name cut to 100 characters', feature(polygon(), 'x'.repeat(300)), ['x'.repeat(100)]],
  ])('%s', (_name, doc, names) => {
    const result = parseZoneImport(doc);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.zones.map((z) => z.name)).toEqual(names);
  });

  it('drops altitudes', () => {
    const result = parseZoneImport(polygon(RING.map(([x, y]) => [x, y, 12]) as number[][]));
    expect(result.ok && result.zones[0]?.geometry.coordinates[0]?.[1]).toEqual([113.1, 23]);
  });

  it.each<[string, unknown, string[]]>([
    [
      'JSON that is no GeoJSON',
      { hello: 1 },
      ['(body): must be a GeoJSON FeatureCollection, Feature, Polygon or MultiPolygon'],
    ],
    [
      'features that are no list',
      { type: 'FeatureCollection', features: 3 },
      ['features: must be a list of features'],
    ],
    ['an empty collection', collection(), ['features: the file has no polygons']],
    [
      'one bad feature among good ones',
      collection(
        feature(polygon()),
        feature(polygon()),
        feature(polygon()),
        feature(polygon(OPEN_RING), 'bad'),
      ),
      ['features/3: ring 0 is not closed: its last position must repeat the first'],
    ],
    [
      'a point feature',
      collection(feature({ type: 'Point', coordinates: [1, 2] })),
      ['features/0: geometry type Point is not a Polygon or MultiPolygon'],
    ],
    [
      'a geometry type that is an object (found by fuzzing)',
      collection(feature({ type: {}, coordinates: [] })),
      ['features/0: geometry type (object) is not a Polygon or MultiPolygon'],
    ],
    ['a feature without geometry', collection(feature(null)), ['features/0: has no geometry']],
    ['something that is no feature', collection(polygon()), ['features/0: is not a GeoJSON Feature']],
    [
      'a MultiPolygon with one bad part',
      feature({ type: 'MultiPolygon', coordinates: [[RING], [OPEN_RING]] }),
      ['feature: polygon 1: ring 0 is not closed: its last position must repeat the first'],
    ],
  ])('refuses %s, naming the feature and the problem', (_name, doc, expected) => {
    const result = parseZoneImport(doc);
    expect(result.ok).toBe(false);
    const got = result.ok ? [] : result.issues.map((i) => `${i.field}: ${i.message}`);
    expect(got).toEqual(expected);
  });

  it(`refuses more than ${ZONE_IMPORT_LIMITS.maxZones} polygons`, () => {
    const doc = feature({ type: 'MultiPolygon', coordinates: Array.from({ length: 1001 }, () => [RING]) });
    const result = parseZoneImport(doc);
    expect(result.ok ? [] : result.issues.map((i) => i.message)).toEqual([
      'the file has 1001 polygons; at most 1000 can be imported at once',
    ]);
  });
});
