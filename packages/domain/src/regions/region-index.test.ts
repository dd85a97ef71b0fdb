import { describe, expect, it } from 'vitest';
import {
  areaKm2,
  bboxOf,
  decodePolygons,
  decodeRing,
  type EncodedRing,
  type MultiPolygonCoords,
  type Ring,
  simplifyRing,
} from './region-geometry.js';
import { compactPolygons, pointInPolygons, RegionIndex, ringIntersectsPolygons } from './region-index.js';

const square = (w: number, s: number, e: number, n: number): Ring => [
  [w, s],
  [e, s],
  [e, n],
  [w, n],
  [w, s],
];
// Two neighbours sharing the border lon = 1, the east one with a hole (an enclave) and an island.
const WEST: MultiPolygonCoords = [[square(0, 0, 1, 1)]];
const EAST: MultiPolygonCoords = [[square(1, 0, 2, 1), square(1.4, 0.4, 1.6, 0.6)], [square(3, 3, 3.2, 3.2)]];
const ENCLAVE: MultiPolygonCoords = [[square(1.4, 0.4, 1.6, 0.6)]];
const C = compactPolygons;
const index = new RegionIndex([
  { code: '440100', bbox: bboxOf(WEST), polygons: C(WEST) },
  { code: '440300', bbox: bboxOf(EAST), polygons: C(EAST) },
  { code: '440400', bbox: bboxOf(ENCLAVE), polygons: C(ENCLAVE) },
]);

describe('RegionIndex.lookup', () => {
  const rows: { name: string; lon: number; lat: number; code: string | null }[] = [
    { name: 'inside the west', lon: 0.5, lat: 0.5, code: '440100' },
    { name: 'just west of the border', lon: 0.999999, lat: 0.5, code: '440100' },
    { name: 'just east of the border', lon: 1.000001, lat: 0.5, code: '440300' },
    { name: 'inside the hole: the enclave', lon: 1.5, lat: 0.5, code: '440400' },
    { name: 'on the island', lon: 3.1, lat: 3.1, code: '440300' },
    { name: 'inside the bboxes but outside both', lon: 2.5, lat: 2.5, code: null },
    { name: 'just outside the north edge', lon: 0.5, lat: 1.000001, code: null },
    { name: 'far away', lon: 100, lat: 30, code: null },
  ];
  for (const r of rows) it(r.name, () => expect(index.lookup(r.lon, r.lat)).toBe(r.code));
});

describe('ringIntersectsPolygons', () => {
  it('finds a ring overlapping by a vertex, by containing the region, by crossing edges, or not at all', () => {
    expect(ringIntersectsPolygons(square(0.9, 0.9, 1.1, 1.1), C(WEST))).toBe(true);
    expect(ringIntersectsPolygons(square(-1, -1, 5, 5), C(ENCLAVE))).toBe(true);
    // A thin cross: no vertex inside the other, edges cross.
    expect(ringIntersectsPolygons(square(0.4, -1, 0.6, 2), C(WEST))).toBe(true);
    expect(ringIntersectsPolygons(square(5, 5, 6, 6), C(WEST))).toBe(false);
    expect(index.overlapping(square(0.9, 0.45, 1.45, 0.55)).sort()).toEqual(['440100', '440300', '440400']);
  });
});

describe('region geometry', () => {
  it('decodes ECharts rings and closes them', () => {
    // Zig-zag deltas: '@@' is (0, 0), 'B@' is +1 (x), '@B' is +1 (y); offsets are × 1024.
    const ring = decodeRing(['@@B@@BA@', 1024, 2048] as EncodedRing);
    expect(ring).toEqual([
      [1, 2],
      [1 + 1 / 1024, 2],
      [1 + 1 / 1024, 2 + 1 / 1024],
      [1, 2 + 1 / 1024],
      [1, 2],
    ]);
  });

  it('makes a polygon of its own of an island that ECharts lists among the holes', () => {
    // Square 0..1 (x,y in 1/1024° steps from offset 0): a hole at (0.25..0.5) and an island at (2..3).
    const enc = (pts: [number, number][]): EncodedRing => {
      let text = '';
      let [px, py] = pts[0] as [number, number];
      for (const [x, y] of pts) {
        const zig = (v: number) => (v << 1) ^ (v >> 31);
        text += String.fromCharCode(zig(x - px) + 64, zig(y - py) + 64);
        [px, py] = [x, y];
      }
      return [text, (pts[0] as [number, number])[0], (pts[0] as [number, number])[1]];
    };
    const sq = (a: number, b: number): [number, number][] => [
      [a, a],
      [b, a],
      [b, b],
      [a, b],
      [a, a],
    ];
    const polygons = decodePolygons([[enc(sq(0, 1024)), enc(sq(256, 512)), enc(sq(2048, 3072))]]);
    expect(polygons.map((p) => p.length)).toEqual([2, 1]);
    expect(pointInPolygons(0.375, 0.375, C(polygons))).toBe(false);
    expect(pointInPolygons(2.5, 2.5, C(polygons))).toBe(true);
    expect(pointInPolygons(0.75, 0.75, C(polygons))).toBe(true);
  });

  it('measures a 1° square at the equator as about 12,364 km²', () => {
    expect(areaKm2([[square(0, 0, 1, 1)]])).toBeCloseTo(12_364, -1);
    expect(areaKm2(EAST)).toBeCloseTo(
      areaKm2(WEST) - areaKm2(ENCLAVE) + areaKm2([[square(3, 3, 3.2, 3.2)]]),
      3,
    );
  });

  it('simplifies a ring within its tolerance and keeps it closed', () => {
    const wiggly: Ring = Array.from({ length: 101 }, (_, i) => {
      const a = (i / 100) * 2 * Math.PI;
      return [Math.cos(a) + (i % 2) * 0.001, Math.sin(a)];
    });
    wiggly[100] = wiggly[0] as [number, number];
    const simple = simplifyRing(wiggly, 0.01);
    expect(simple.length).toBeLessThan(40);
    expect(simple[0]).toEqual(simple[simple.length - 1]);
    for (const [x, y] of wiggly) expect(pointInPolygons(x * 0.9, y * 0.9, C([[simple]]))).toBe(true);
  });
});
