import type { Position } from '@thunderwatch/shared/schemas/geo';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POLYGON_TEXT_PROBLEM_KEYS, parsePolygonText } from './polygon-text.js';
import { parseWktPolygon } from './wkt-polygon.js';
import { GEOMETRY_ISSUE_CODES, validatePolygon } from './zone-validation.js';

const SQUARE: Position[] = [
  [113, 23],
  [113.1, 23],
  [113.1, 23.1],
  [113, 23.1],
  [113, 23],
];
const HOLE: Position[] = [
  [113.02, 23.02],
  [113.03, 23.02],
  [113.03, 23.03],
  [113.02, 23.02],
];
const SQUARE_POLYGON = { type: 'Polygon', coordinates: [SQUARE] };
const wktRing = (ring: Position[]) => `(${ring.map((p) => p.join(' ')).join(', ')})`;
const SQUARE_WKT = `POLYGON (${wktRing(SQUARE)})`;

describe('parseWktPolygon', () => {
  it.each<[string, unknown]>([
    [
      'POLYGON((0 0, 1 0, 1 1, 0 0))',
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      },
    ],
    [
      'polygon ( ( 0 0 , 1 0 , 1 1 ) )',
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
          ],
        ],
      },
    ],
    [
      'POLYGON Z ((0 0 5, 1 0 5, 1 1 5, 0 0 5))',
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0, 5],
            [1, 0, 5],
            [1, 1, 5],
            [0, 0, 5],
          ],
        ],
      },
    ],
    [
      'POLYGON ZM ((0 0 5 1, 1 0 5 1, 1 1 5 1))',
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0, 5, 1],
            [1, 0, 5, 1],
            [1, 1, 5, 1],
          ],
        ],
      },
    ],
    [
      'SRID=4326;POLYGON((-1.5e2 0, 1 0, 1 1))',
      {
        type: 'Polygon',
        coordinates: [
          [
            [-150, 0],
            [1, 0],
            [1, 1],
          ],
        ],
      },
    ],
    [
      'POLYGON((0 0, 4 0, 4 4, 0 0), (1 1, 2 1, 2 2, 1 1))',
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [4, 0],
            [4, 4],
            [0, 0],
          ],
          [
            [1, 1],
            [2, 1],
            [2, 2],
            [1, 1],
          ],
        ],
      },
    ],
    [
      'MULTIPOLYGON(((0 0, 1 0, 1 1, 0 0)), ((5 5, 6 5, 6 6, 5 5)))',
      {
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [0, 0],
              [1, 0],
              [1, 1],
              [0, 0],
            ],
          ],
          [
            [
              [5, 5],
              [6, 5],
              [6, 6],
              [5, 5],
            ],
          ],
        ],
      },
    ],
    ['POLYGON EMPTY', null],
    ['MULTIPOLYGON EMPTY', null],
  ])('reads %s', (text, geometry) => {
    expect(parseWktPolygon(text)).toEqual({ ok: true, geometry });
  });

  it.each<[string, unknown]>([
    ['POLYGON((0 0, 1 0, 1 1, 0 0)', { at: 29, expected: 'close_paren', found: '' }],
    ['POLYGON((0 0, 1 0, 1 x, 0 0))', { at: 22, expected: 'number', found: 'x' }],
    ['POLYGON((0 0, 1 0, 1 1, 0 0)) junk', { at: 31, expected: 'end', found: 'junk' }],
    ['POLYGON(0 0, 1 0, 1 1, 0 0)', { at: 9, expected: 'open_paren', found: '0' }],
    ['POLYGON((0 0; 1 0))', { at: 13, expected: 'comma_or_close', found: ';' }],
    ['POLYGON((0 0 1 1 1, 1 0))', { at: 18, expected: 'comma_or_close', found: '1' }],
    ['POLYGON((0, 1 0))', { at: 11, expected: 'number', found: ',' }],
    ['SRID 4326;POLYGON((0 0))', { at: 6, expected: 'equals', found: '4326' }],
    ['POLYGONE((0 0))', { at: 1, expected: 'polygon_word', found: 'POLYGONE' }],
    ['', { at: 1, expected: 'polygon_word', found: '' }],
  ])('finds where %s goes wrong', (text, syntax) => {
    expect(parseWktPolygon(text)).toEqual({ ok: false, syntax });
  });

  it.each(['POINT(1 2)', 'LINESTRING(0 0, 1 1)', 'geometrycollection(POINT(1 2))'])('names %s', (text) => {
    expect(parseWktPolygon(text)).toEqual({ ok: false, notPolygon: text.split('(')[0]?.toUpperCase() });
  });
});

describe('parsePolygonText reads', () => {
  const feature = (geometry: unknown) => ({ type: 'Feature', properties: { name: 'x' }, geometry });
  const open = SQUARE.slice(0, -1);
  it.each<[string, string, string, Position[][]]>([
    ['a WKT polygon', SQUARE_WKT, 'wkt', [SQUARE]],
    ['a WKT polygon with its ring left open', `POLYGON(${wktRing(open)})`, 'wkt', [SQUARE]],
    ['a WKT polygon with a hole', `POLYGON(${wktRing(SQUARE)}, ${wktRing(HOLE)})`, 'wkt', [SQUARE, HOLE]],
    ['a WKT MultiPolygon of one', `MULTIPOLYGON((${wktRing(SQUARE)}))`, 'wkt', [SQUARE]],
    [
      'WKT with altitudes',
      `POLYGON Z (${wktRing(SQUARE).replace(/(\d) (\d+(\.\d+)?)(?=[,)])/g, '$1 $2 40')})`,
      'wkt',
      [SQUARE],
    ],
    ['a GeoJSON Polygon', JSON.stringify(SQUARE_POLYGON), 'geojson', [SQUARE]],
    [
      'a GeoJSON Polygon, open',
      JSON.stringify({ type: 'Polygon', coordinates: [open] }),
      'geojson',
      [SQUARE],
    ],
    [
      'a GeoJSON MultiPolygon of one',
      JSON.stringify({ type: 'MultiPolygon', coordinates: [[SQUARE]] }),
      'geojson',
      [SQUARE],
    ],
    ['a Feature', JSON.stringify(feature(SQUARE_POLYGON)), 'geojson', [SQUARE]],
    [
      'a FeatureCollection of one',
      JSON.stringify({ type: 'FeatureCollection', features: [feature(SQUARE_POLYGON)] }),
      'geojson',
      [SQUARE],
    ],
    [
      'GeoJSON with altitudes, pretty-printed',
      JSON.stringify({ type: 'Polygon', coordinates: [SQUARE.map(([x, y]) => [x, y, 12])] }, null, 2),
      'geojson',
      [SQUARE],
    ],
  ])('%s', (_name, text, format, coordinates) => {
    expect(parsePolygonText(`\n  ${text}  \n`)).toEqual({
      ok: true,
      format,
      polygon: { type: 'Polygon', coordinates },
    });
  });
});

describe('parsePolygonText refuses', () => {
  const bowTie: Position[] = [
    [113, 23],
    [113.1, 23.1],
    [113.1, 23],
    [113, 23.1],
  ];
  it.each<[string, string, string | null, { key: string; params?: Record<string, string | number> }[]]>([
    ['nothing', '  ', null, [{ key: 'empty' }]],
    ['neither JSON nor WKT', '23.1, 113.2', null, [{ key: 'unknown_format' }]],
    ['broken JSON', '{"type": "Polygon", ', 'geojson', [{ key: 'json_syntax' }]],
    ['JSON that is not GeoJSON', '{"name": "x"}', 'geojson', [{ key: 'not_geojson' }]],
    ['a list', '[[1, 2]]', 'geojson', [{ key: 'not_geojson' }]],
    [
      'a GeoJSON point',
      '{"type": "Point", "coordinates": [1, 2]}',
      'geojson',
      [{ key: 'not_polygon', params: { type: 'Point' } }],
    ],
    [
      'a Feature without geometry',
      '{"type": "Feature", "geometry": null}',
      'geojson',
      [{ key: 'not_polygon', params: { type: 'null' } }],
    ],
    [
      'two features',
      JSON.stringify({ type: 'FeatureCollection', features: [SQUARE_POLYGON, SQUARE_POLYGON] }),
      'geojson',
      [{ key: 'several_polygons', params: { count: 2 } }],
    ],
    [
      'an empty FeatureCollection',
      '{"type": "FeatureCollection", "features": []}',
      'geojson',
      [{ key: 'no_polygon' }],
    ],
    [
      'a MultiPolygon of two',
      `MULTIPOLYGON((${wktRing(SQUARE)}), (${wktRing(SQUARE)}))`,
      'wkt',
      [{ key: 'several_polygons', params: { count: 2 } }],
    ],
    ['POLYGON EMPTY', 'POLYGON EMPTY', 'wkt', [{ key: 'no_polygon' }]],
    ['a WKT point', 'POINT (113 23)', 'wkt', [{ key: 'not_polygon', params: { type: 'POINT' } }]],
    [
      'WKT cut short',
      'POLYGON((113 23, 113.1 23, 113.1 23.1',
      'wkt',
      [{ key: 'wkt_syntax_end', params: { expected: 'close_paren' } }],
    ],
    [
      'WKT with a word for a number',
      'POLYGON((113 23, 113.1 north))',
      'wkt',
      [{ key: 'wkt_syntax', params: { at: 24, expected: 'number', found: 'north' } }],
    ],
    [
      'two points',
      'POLYGON((113 23, 113.1 23))',
      'wkt',
      [{ key: 'ring_too_short', params: { ring: 0, positions: 3 } }],
    ],
    [
      'a self-intersecting ring',
      `POLYGON(${wktRing(bowTie)})`,
      'wkt',
      [{ key: 'ring_crosses_itself', params: { ring: 0, from: 0, to: 2 } }],
    ],
    [
      'a latitude out of range',
      'POLYGON((113 23, 113.1 95, 113.1 23.1, 113 23))',
      'wkt',
      [{ key: 'latitude_range', params: { ring: 0, position: 1, value: 95 } }],
    ],
    [
      'longitude and latitude swapped',
      JSON.stringify({ type: 'Polygon', coordinates: [SQUARE.map(([x, y]) => [y, x])] }),
      'geojson',
      [{ key: 'latitude_range', params: { ring: 0, position: 0, value: 113 } }],
    ],
    [
      'a hole outside',
      `POLYGON(${wktRing(SQUARE)}, (120 30, 120.1 30, 120.1 30.1, 120 30))`,
      'wkt',
      [{ key: 'hole_outside', params: { ring: 1 } }],
    ],
  ])('%s', (_name, text, format, problems) => {
    expect(parsePolygonText(text)).toEqual({ ok: false, format, problems });
  });
});

describe('parsePolygonText properties', () => {
  /** Convex polygons around South China: a valid zone whichever way it is written. */
  const polygons = fc
    .record({
      lon: fc.double({ min: 100, max: 120, noNaN: true }),
      lat: fc.double({ min: 10, max: 40, noNaN: true }),
      radius: fc.double({ min: 0.01, max: 2, noNaN: true }),
      n: fc.integer({ min: 3, max: 40 }),
    })
    .map(({ lon, lat, radius, n }) => {
      const ring: Position[] = Array.from({ length: n }, (_, i) => [
        Math.round((lon + radius * Math.cos((2 * Math.PI * i) / n)) * 1e6) / 1e6,
        Math.round((lat + radius * Math.sin((2 * Math.PI * i) / n)) * 1e6) / 1e6,
      ]);
      return { type: 'Polygon' as const, coordinates: [[...ring, ring[0] as Position]] };
    });

  it('reads the same valid polygon from its GeoJSON and from its WKT', () => {
    fc.assert(
      fc.property(polygons, (polygon) => {
        const wkt = `POLYGON(${polygon.coordinates.map(wktRing).join(', ')})`;
        expect(parsePolygonText(JSON.stringify(polygon))).toEqual({ ok: true, format: 'geojson', polygon });
        expect(parsePolygonText(wkt)).toEqual({ ok: true, format: 'wkt', polygon });
      }),
      { numRuns: 200 },
    );
  });

  it('never throws, and what it accepts passes the server’s validation', () => {
    const pieces = fc.constantFrom(
      'POLYGON',
      'MULTIPOLYGON',
      '(',
      ')',
      ',',
      ' ',
      '113',
      '23.5',
      '-1',
      'EMPTY',
      'Z',
      '{',
      '}',
      '"type"',
      ':',
      '"Polygon"',
      '[',
      ']',
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(pieces, { maxLength: 40 }).map((a) => a.join('')),
        ),
        (text) => {
          const result = parsePolygonText(text);
          const known: string[] = [...POLYGON_TEXT_PROBLEM_KEYS, ...GEOMETRY_ISSUE_CODES];
          if (result.ok) expect(validatePolygon(result.polygon)).toEqual([]);
          else for (const problem of result.problems) expect(known).toContain(problem.key);
        },
      ),
      { numRuns: 500 },
    );
  });
});
