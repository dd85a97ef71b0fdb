import type { Position } from '@thunderwatch/shared/schemas/geo';
import { describe, expect, it } from 'vitest';
import { validatePoint, validatePolygon, validateShape } from './zone-validation.js';

/** A counter-clockwise square ring with its south-west corner at (lon, lat). */
const square = (lon: number, lat: number, size: number): Position[] => [
  [lon, lat],
  [lon + size, lat],
  [lon + size, lat + size],
  [lon, lat + size],
  [lon, lat],
];
const poly = (...rings: unknown[]) => ({ type: 'Polygon', coordinates: rings });
/** A regular polygon of `n` vertices around (113, 23). */
const circle = (n: number, radiusDeg = 0.5): Position[] => {
  const ring: Position[] = Array.from({ length: n }, (_, i) => [
    113 + radiusDeg * Math.cos((2 * Math.PI * i) / n),
    23 + radiusDeg * Math.sin((2 * Math.PI * i) / n),
  ]);
  return [...ring, ring[0] as Position];
};

const OUTER = square(113, 23, 0.1);

describe('validatePolygon', () => {
  it.each<[string, unknown, { path: string; code: string; message: RegExp }[]]>([
    ['a small square', poly(OUTER), []],
    ['a square with a hole', poly(OUTER, square(113.02, 23.02, 0.02)), []],
    ['a circle of 9,999 vertices', poly(circle(9_999)), []],
    [
      'repeated consecutive positions',
      poly([
        [113, 23],
        [113.1, 23],
        [113.1, 23],
        [113.1, 23.1],
        [113, 23],
      ]),
      [],
    ],
    [
      'a MultiPolygon',
      { type: 'MultiPolygon', coordinates: [] },
      [{ path: 'type', code: 'type', message: /"Polygon"/ }],
    ],
    ['no rings', poly(), [{ path: 'coordinates', code: 'no_rings', message: /outer ring first/ }]],
    [
      'a ring that is no list',
      { type: 'Polygon', coordinates: [5] },
      [{ path: 'coordinates/0', code: 'ring_not_list', message: /ring 0 must be a list/ }],
    ],
    [
      'longitude out of range',
      poly([
        [113, 23],
        [190, 23],
        [113, 24],
        [113, 23],
      ]),
      [
        {
          path: 'coordinates/0/1',
          code: 'longitude_range',
          message: /ring 0 position 1: longitude 190 is outside -180\.\.180/,
        },
      ],
    ],
    [
      'latitude out of range',
      poly(OUTER, [
        [113.02, 23.02],
        [113.03, 95],
        [113.03, 23.03],
        [113.02, 23.02],
      ]),
      [{ path: 'coordinates/1/1', code: 'latitude_range', message: /ring 1 position 1: latitude 95/ }],
    ],
    [
      // PostgreSQL's radians() refuses what underflows to 0: a distance query near it failed with 500.
      'a coordinate finer than 1e-9°',
      poly([
        [113, 23],
        [113, 24],
        [114, 5e-324],
        [113, 23],
      ]),
      [
        {
          path: 'coordinates/0/2',
          code: 'coordinate_too_fine',
          message: /ring 0 position 2: 5e-324 is not 0/,
        },
      ],
    ],
    [
      'a position that is not a pair of numbers',
      poly([
        [113, 23],
        ['113', 24],
        [114, 24],
        [113, 23],
      ]),
      [{ path: 'coordinates/0/1', code: 'position_invalid', message: /must be \[longitude, latitude\]/ }],
    ],
    [
      'three positions',
      poly([
        [113, 23],
        [114, 23],
        [113, 23],
      ]),
      [
        {
          path: 'coordinates/0',
          code: 'ring_too_short',
          message: /ring 0 has 3 positions; a ring needs at least 4/,
        },
      ],
    ],
    [
      'an open ring',
      poly(OUTER.slice(0, 4).concat([[113, 23.05]])),
      [{ path: 'coordinates/0', code: 'ring_not_closed', message: /ring 0 is not closed/ }],
    ],
    [
      'a bow tie',
      poly([
        [113, 23],
        [113.1, 23.1],
        [113.1, 23],
        [113, 23.1],
        [113, 23],
      ]),
      [
        {
          path: 'coordinates/0/2',
          code: 'ring_crosses_itself',
          message: /ring 0 crosses or touches itself: the edges after positions 0 and 2/,
        },
      ],
    ],
    [
      'a spike going back along its edge',
      poly([
        [113, 23],
        [113.1, 23],
        [113.1, 23.1],
        [113.1, 23.05],
        [113, 23.1],
        [113, 23],
      ]),
      [{ path: 'coordinates/0/2', code: 'ring_crosses_itself', message: /ring 0 crosses or touches itself/ }],
    ],
    [
      'a ring touching itself at a vertex',
      poly([
        [113, 23],
        [113.1, 23],
        [113.05, 23.05],
        [113.1, 23.1],
        [113, 23.1],
        [113.05, 23.05],
        [113, 23],
      ]),
      [
        {
          path: 'coordinates/0/4',
          code: 'ring_crosses_itself',
          message: /ring 0 crosses or touches itself: the edges after positions 1 and 4/,
        },
      ],
    ],
    [
      'a hole crossing the outer ring',
      poly(OUTER, square(113.05, 23.05, 0.1)),
      [{ path: 'coordinates/1/0', code: 'rings_cross', message: /ring 1 crosses or touches ring 0/ }],
    ],
    [
      'a hole outside the outer ring',
      poly(OUTER, square(114, 24, 0.01)),
      [{ path: 'coordinates/1', code: 'hole_outside', message: /ring 1 is a hole but lies outside ring 0/ }],
    ],
    [
      'a hole inside another hole',
      poly(OUTER, square(113.01, 23.01, 0.05), square(113.02, 23.02, 0.01)),
      [{ path: 'coordinates/2', code: 'hole_in_hole', message: /ring 2 is a hole inside ring 1/ }],
    ],
    [
      'more than 10,000 vertices',
      poly(circle(10_001)),
      [{ path: 'coordinates', code: 'too_many_vertices', message: /10,001 vertices; at most 10,000/ }],
    ],
    [
      'an area of a few square metres',
      poly(square(113, 23, 0.00001)),
      [{ path: 'coordinates', code: 'area_too_small', message: /too small: it must be over 0\.0001 km²/ }],
    ],
    [
      'a continent-sized area',
      poly([
        [60, -10],
        [150, -10],
        [150, 60],
        [60, 60],
        [60, -10],
      ]),
      [{ path: 'coordinates', code: 'area_too_large', message: /too large: it must be under 5,000,000 km²/ }],
    ],
  ])('%s', (_name, geometry, expected) => {
    const issues = validatePolygon(geometry);
    expect(issues).toHaveLength(expected.length);
    issues.forEach((issue, i) => {
      expect(issue.path).toBe(expected[i]?.path);
      expect(issue.message).toMatch(expected[i]?.message as RegExp);
      expect(issue.code).toBe(expected[i]?.code);
    });
  });

  it.each<[string, unknown, Record<string, number>]>([
    [
      'a bow tie',
      poly([
        [113, 23],
        [113.1, 23.1],
        [113.1, 23],
        [113, 23.1],
        [113, 23],
      ]),
      { ring: 0, from: 0, to: 2 },
    ],
    ['a hole crossing the outer ring', poly(OUTER, square(113.05, 23.05, 0.1)), { ring: 1, other: 0 }],
    [
      'latitude out of range',
      poly(OUTER, [
        [113.02, 23.02],
        [113.03, 95],
        [113.03, 23.03],
        [113.02, 23.02],
      ]),
      { ring: 1, position: 1, value: 95 },
    ],
    [
      'three positions',
      poly([
        [113, 23],
        [114, 23],
        [113, 23],
      ]),
      { ring: 0, positions: 3 },
    ],
    [
      'a hole inside another hole',
      poly(OUTER, square(113.01, 23.01, 0.05), square(113.02, 23.02, 0.01)),
      { ring: 2, other: 1 },
    ],
    ['more than 10,000 vertices', poly(circle(10_001)), { count: 10_001, max: 10_000 }],
  ])('gives the numbers of the message as params: %s', (_name, geometry, params) => {
    expect(validatePolygon(geometry)[0]?.params).toEqual(params);
  });

  it('accepts a clockwise ring as well as a counter-clockwise one', () => {
    expect(validatePolygon(poly([...OUTER].reverse()))).toEqual([]);
  });
});

describe('validatePoint and validateShape', () => {
  it.each<[unknown, string[]]>([
    [{ type: 'Point', coordinates: [113.3, 23.1] }, []],
    [{ type: 'Point', coordinates: [-180, 90] }, []],
    [{ type: 'Point', coordinates: [181, 0] }, ['coordinates: position longitude 181 is outside -180..180']],
    [{ type: 'Point', coordinates: [0, -91] }, ['coordinates: position latitude -91 is outside -90..90']],
    [{ type: 'Point', coordinates: [1] }, ['coordinates: position must be [longitude, latitude]']],
    [{ type: 'LineString', coordinates: [] }, ['type: must be "Point" or "Polygon"']],
    [poly(OUTER), []],
    [
      poly(square(113, 23, 0.00001)),
      ['coordinates: the area 0.000001 km² is too small: it must be over 0.0001 km²'],
    ],
  ])('%j → %j', (shape, expected) => {
    expect(validateShape(shape).map((i) => `${i.path}: ${i.message}`)).toEqual(expected);
  });

  it('names a point that is not a Point', () => {
    expect(validatePoint({ type: 'Polygon' })).toEqual([
      { path: 'type', code: 'type', message: 'must be "Point"' },
    ]);
  });
});
