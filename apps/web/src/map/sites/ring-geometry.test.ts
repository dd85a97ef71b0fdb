import { distanceKm } from '@thunderwatch/domain/geo/geodesy';
import type { LocationShape, Position } from '@thunderwatch/shared/schemas/geo';
import { describe, expect, it } from 'vitest';
import { boundsOf, convexHull, geodesicCircle, outerBounds, ringOutline, unwrapLon } from './ring-geometry';

const km = (a: Position, b: Position) => distanceKm(a[1], a[0], b[1], b[0]);

/** Distance from a point to the nearest vertex or edge sample of a polygon's outer ring. */
function distanceToPolygonKm(p: Position, polygon: Position[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i + 1 < polygon.length; i += 1) {
    const a = polygon[i] as Position;
    const b = polygon[i + 1] as Position;
    for (let s = 0; s <= 100; s += 1) {
      const t = s / 100;
      best = Math.min(best, km(p, [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]));
    }
  }
  return best;
}

describe('geodesicCircle', () => {
  it.each([
    ['Guangzhou, 10 km', [113.3, 23.1], 10],
    ['Harbin, 30 km', [126.6, 45.8], 30],
    ['high latitude, 50 km', [20, 78], 50],
  ] as const)('%s: every point is the radius away, closed, 64 bearings', (_name, centre, radius) => {
    const ring = geodesicCircle([...centre], radius);
    expect(ring).toHaveLength(65);
    expect(ring[0]).toEqual(ring[64]);
    for (const p of ring) expect(km([...centre], p)).toBeCloseTo(radius, 6);
  });

  it('stays continuous across the antimeridian instead of wrapping to the other side of the map', () => {
    const ring = geodesicCircle([179.95, 0], 20);
    const lons = ring.map((p) => p[0]);
    expect(Math.max(...lons)).toBeGreaterThan(180);
    expect(Math.max(...lons) - Math.min(...lons)).toBeLessThan(1);
  });
});

describe('unwrapLon', () => {
  it.each([
    [-179.8, 179.9, 180.2],
    [179.8, -179.9, -180.2],
    [10, 20, 10],
  ])('%d near %d is %d', (lon, reference, expected) => {
    expect(unwrapLon(lon, reference)).toBeCloseTo(expected, 9);
  });
});

describe('convexHull', () => {
  it('keeps only the corners of a square with inner and edge points', () => {
    const hull = convexHull([
      [0, 0],
      [2, 0],
      [1, 0],
      [2, 2],
      [1, 1],
      [0, 2],
    ]);
    expect(hull.sort()).toEqual(
      [
        [0, 0],
        [0, 2],
        [2, 0],
        [2, 2],
      ].sort(),
    );
  });
});

describe('ringOutline', () => {
  it('is the geodesic circle for a point', () => {
    const shape: LocationShape = { type: 'Point', coordinates: [113.9, 22.3] };
    expect(ringOutline(shape, 20)).toEqual(geodesicCircle([113.9, 22.3], 20));
  });

  it('keeps at least the radius from a square zone everywhere, and hugs its corners', () => {
    const square: Position[] = [
      [113.0, 23.0],
      [113.2, 23.0],
      [113.2, 23.2],
      [113.0, 23.2],
      [113.0, 23.0],
    ];
    const outline = ringOutline({ type: 'Polygon', coordinates: [square] }, 10);
    expect(outline[0]).toEqual(outline.at(-1));
    for (const p of outline) {
      const d = distanceToPolygonKm(p, square);
      expect(d).toBeGreaterThan(9.9);
      expect(d).toBeLessThan(10.5);
    }
  });

  it('covers the bay of a concave zone (drawn slightly large there, never too small)', () => {
    const l: Position[] = [
      [0, 0],
      [1, 0],
      [1, 0.2],
      [0.2, 0.2],
      [0.2, 1],
      [0, 1],
      [0, 0],
    ];
    const outline = ringOutline({ type: 'Polygon', coordinates: [l] }, 5);
    for (const p of outline) expect(distanceToPolygonKm(p, l)).toBeGreaterThan(4.9);
  });

  it('gives nothing for an empty polygon', () => {
    expect(ringOutline({ type: 'Polygon', coordinates: [] }, 10)).toEqual([]);
  });
});

describe('boundsOf', () => {
  it('spans all positions', () => {
    expect(
      boundsOf([
        [113, 22],
        [114.5, 21],
        [112, 23.5],
      ]),
    ).toEqual([
      [112, 21],
      [114.5, 23.5],
    ]);
  });

  it('is null with no positions', () => {
    expect(boundsOf([])).toBeNull();
  });
});

describe('outerBounds', () => {
  it('spans the outermost ring around a point', () => {
    const bounds = outerBounds({ type: 'Point', coordinates: [113, 23] }, [10, 30, 20]);
    const [[west, south], [east, north]] = bounds ?? [
      [0, 0],
      [0, 0],
    ];
    // 30 km is 0.27° of latitude and 0.29° of longitude at 23° N.
    expect(north - 23).toBeCloseTo(0.27, 2);
    expect(23 - south).toBeCloseTo(0.27, 2);
    expect(east - 113).toBeCloseTo(0.293, 2);
    expect(113 - west).toBeCloseTo(0.293, 2);
  });

  it('is the shape itself without rings', () => {
    expect(outerBounds({ type: 'Point', coordinates: [113, 23] }, [])).toEqual([
      [113, 23],
      [113, 23],
    ]);
  });
});
