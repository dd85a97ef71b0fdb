import { describe, expect, it } from 'vitest';
import { CUSTOM_LAYER_LIMITS, tileUrlProblem, validateLayerGeoJson } from './custom-layer.js';

const square = [
  [
    [113, 23],
    [113.1, 23],
    [113.1, 23.1],
    [113, 23.1],
    [113, 23],
  ],
];
const feature = (geometry: unknown) => ({ type: 'Feature', properties: {}, geometry });

describe('validateLayerGeoJson', () => {
  it.each([
    ['a polygon', { type: 'Polygon', coordinates: square }],
    ['a point feature', feature({ type: 'Point', coordinates: [113, 23] })],
    [
      'a collection of line, points and multipolygon',
      {
        type: 'FeatureCollection',
        features: [
          feature({
            type: 'LineString',
            coordinates: [
              [113, 23],
              [114, 24],
            ],
          }),
          feature({ type: 'MultiPoint', coordinates: [[113, 23]] }),
          feature({ type: 'MultiPolygon', coordinates: [square] }),
          feature({
            type: 'MultiLineString',
            coordinates: [
              [
                [113, 23],
                [114, 24],
              ],
            ],
          }),
        ],
      },
    ],
  ])('accepts %s', (_name, doc) => {
    expect(validateLayerGeoJson(doc)).toEqual([]);
  });

  it.each([
    ['text', 'hello', 'geojson', 'GeoJSON object'],
    ['an empty collection', { type: 'FeatureCollection', features: [] }, 'geojson/features', 'no features'],
    [
      'a non-feature',
      { type: 'FeatureCollection', features: [{ type: 'Point' }] },
      'geojson/features/0',
      'not a Feature',
    ],
    [
      'a latitude out of range',
      feature({ type: 'Point', coordinates: [113, 95] }),
      'geojson/geometry/coordinates',
      'latitude',
    ],
    ['an open ring', { type: 'Polygon', coordinates: [square[0]?.slice(0, 4)] }, 'geojson/coordinates/0', ''],
    [
      'a one-point line',
      feature({ type: 'LineString', coordinates: [[113, 23]] }),
      'geojson/geometry/coordinates',
      'at least 2',
    ],
    ['an unknown type', { type: 'Circle', coordinates: [1, 2] }, 'geojson/type', 'not supported'],
  ])('refuses %s, naming where', (_name, doc, field, message) => {
    const issues = validateLayerGeoJson(doc);
    expect(issues.length).toBeGreaterThan(0);
    expect(issues[0]?.field.startsWith(field)).toBe(true);
    expect(issues[0]?.message).toContain(message);
  });

  it('caps the number of features', () => {
    const many = Array.from({ length: CUSTOM_LAYER_LIMITS.maxFeatures + 1 }, () =>
      feature({ type: 'Point', coordinates: [1, 1] }),
    );
    expect(validateLayerGeoJson({ type: 'FeatureCollection', features: many })[0]?.message).toContain(
      'more than',
    );
  });
});

describe('tileUrlProblem', () => {
  it.each([
    ['xyz', 'https://tiles.example.org/{z}/{x}/{y}.png'],
    ['xyz', 'http://t.example.org/q/{quadkey}.jpg?key=abc'],
    ['wms', 'https://wms.example.org/wms?bbox={bbox-epsg-3857}&format=image/png&service=WMS'],
    ['tilejson', 'https://example.org/tiles.json'],
  ] as const)('accepts %s %s', (kind, url) => {
    expect(tileUrlProblem(kind, url)).toBeNull();
  });

  it.each([
    ['xyz', 'javascript:alert(1)//{z}/{x}/{y}', 'http'],
    ['xyz', 'ftp://tiles.example.org/{z}/{x}/{y}.png', 'http'],
    ['xyz', 'https://tiles.example.org/{z}/{x}.png', '{z}, {x} and {y}'],
    ['xyz', 'https://tiles.example.org/{z}/{x}/{y}/{evil}.png', 'unknown placeholder {evil}'],
    ['xyz', 'https://user:pw@tiles.example.org/{z}/{x}/{y}.png', 'password'],
    ['xyz', 'https://tiles.example.org/{z}/{x}/{y}.png" onerror="x', 'quotes'],
    ['wms', 'https://wms.example.org/wms?bbox=1,2,3,4', 'bbox-epsg-3857'],
    ['tilejson', 'https://example.org/{z}.json', 'no placeholders'],
    ['tilejson', 'not a url', 'spaces'],
    ['tilejson', 'notaurl', 'not a URL'],
    ['xyz', `https://t.example.org/{z}/{x}/{y}?${'a'.repeat(2000)}`, 'longer than'],
  ] as const)('refuses %s %s', (kind, url, message) => {
    expect(tileUrlProblem(kind, url)).toContain(message);
  });
});
