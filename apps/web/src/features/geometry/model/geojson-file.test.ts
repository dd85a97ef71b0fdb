import { describe, expect, it } from 'vitest';
import { featureOfField, MAX_FILE_BYTES, parseGeoJsonFile } from './geojson-file';

const square = {
  type: 'Polygon',
  coordinates: [
    [
      [113, 23],
      [113.1, 23],
      [113.1, 23.1],
      [113, 23.1],
      [113, 23],
    ],
  ],
};
const feature = (geometry: unknown, name?: string) => ({
  type: 'Feature',
  properties: name ? { name } : {},
  geometry,
});
const collection = (...features: unknown[]) => JSON.stringify({ type: 'FeatureCollection', features });

describe('parseGeoJsonFile', () => {
  it.each([
    ['a FeatureCollection of polygons', collection(feature(square, 'Port'), feature(square)), 2],
    [
      'a MultiPolygon feature',
      collection(feature({ type: 'MultiPolygon', coordinates: [square.coordinates] })),
      1,
    ],
    ['one Feature', JSON.stringify(feature(square, 'Airport')), 1],
    ['a bare Polygon', JSON.stringify(square), 1],
  ])('takes %s', (_name, text, count) => {
    const parsed = parseGeoJsonFile(text);
    expect(parsed).toMatchObject({ ok: true, count });
    if (parsed.ok) expect(parsed.document).toEqual(JSON.parse(text));
  });

  it.each([
    ['text that is not JSON', '{"type": "FeatureCollection", ', [{ key: 'not_json' }]],
    ['JSON that is not GeoJSON', '[1, 2, 3]', [{ key: 'not_geojson' }]],
    ['a GeoJSON Point', JSON.stringify({ type: 'Point', coordinates: [113, 23] }), [{ key: 'not_geojson' }]],
    ['a collection without features', collection(), [{ key: 'no_features' }]],
    [
      'features that is not a list',
      JSON.stringify({ type: 'FeatureCollection', features: {} }),
      [{ key: 'not_geojson' }],
    ],
  ])('refuses %s', (_name, text, problems) => {
    expect(parseGeoJsonFile(text)).toEqual({ ok: false, problems });
  });

  it('names every feature that is not an area, by place and name, with its geometry type', () => {
    const text = collection(
      feature(square, 'Port'),
      feature({ type: 'Point', coordinates: [113, 23] }, 'Tower'),
      feature({ type: 'LineString', coordinates: [] }),
      feature(null),
      { type: 'Polygon', coordinates: square.coordinates },
    );
    expect(parseGeoJsonFile(text)).toEqual({
      ok: false,
      problems: [
        { key: 'not_polygon', index: 1, name: 'Tower', type: 'Point' },
        { key: 'not_polygon', index: 2, name: undefined, type: 'LineString' },
        { key: 'not_polygon', index: 3, name: undefined, type: 'null' },
        { key: 'not_feature', index: 4 },
      ],
    });
  });

  it('refuses a file over the server limit without reading it', () => {
    expect(parseGeoJsonFile('', MAX_FILE_BYTES + 1)).toEqual({
      ok: false,
      problems: [{ key: 'too_large', mb: 5 }],
    });
  });
});

describe('featureOfField', () => {
  const document = JSON.parse(
    collection(feature(square, 'Port'), feature(square), feature(square, ' Dock ')),
  );

  it.each([
    ['features/2', { index: 2, name: 'Dock' }],
    ['features/1/geometry/coordinates/0', { index: 1, name: undefined }],
    ['features/9', { index: 9, name: undefined }],
    ['(body)', null],
  ])('%s', (field, expected) => {
    expect(featureOfField(document, field)).toEqual(expected);
  });

  it('takes a single Feature as the first', () => {
    expect(featureOfField(feature(square, 'Airport'), 'feature')).toEqual({ index: 0, name: 'Airport' });
  });
});
