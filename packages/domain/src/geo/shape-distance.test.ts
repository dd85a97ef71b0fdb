import { describe, expect, it } from 'vitest';
import { createRandom } from '../common/random.js';
import { geodesicDirect, geodesicEdge, geodesicInverse, type Position } from './geodesic.js';
import { distanceToShape, type ShapeGeometry } from './shape-distance.js';

const METRE = 0.001;

function angleOff(a: number, b: number): number {
  return Math.abs(((a - b + 540) % 360) - 180);
}

const polygon = (...rings: Position[][]): ShapeGeometry => ({ type: 'Polygon', coordinates: rings });
const point = (lon: number, lat: number): ShapeGeometry => ({ type: 'Point', coordinates: [lon, lat] });

/**
 * Oracle independent of the code under test: sample every boundary edge along its geodesic (coarse, then
 * finely around the best sample) and measure each sample with GeographicLib.
 */
function sampledBoundaryDistance(
  shape: ShapeGeometry,
  lat: number,
  lon: number,
): { km: number; bearingDeg: number } {
  if (shape.type !== 'Polygon') throw new Error('polygons only');
  let best = { km: Number.POSITIVE_INFINITY, bearingDeg: 0 };
  for (const ring of shape.coordinates) {
    for (let i = 0; i + 1 < ring.length; i++) {
      const [a, b] = [ring[i] as Position, ring[i + 1] as Position];
      const edge = geodesicEdge(a[1], a[0], b[1], b[0]);
      const at = (s: number) => {
        const x = edge.at(Math.min(edge.km, Math.max(0, s)));
        const r = geodesicInverse(x.lat, x.lon, lat, lon);
        return { s, km: r.km, bearingDeg: r.azimuthDeg };
      };
      let coarse = at(0);
      for (let k = 1; k <= 400; k++) {
        const c = at((edge.km * k) / 400);
        if (c.km < coarse.km) coarse = c;
      }
      let fine = coarse;
      const step = edge.km / 400;
      for (let k = -1000; k <= 1000; k++) {
        const c = at(coarse.s + (step * k) / 1000);
        if (c.km < fine.km) fine = c;
      }
      if (fine.km < best.km) best = { km: fine.km, bearingDeg: fine.bearingDeg };
    }
  }
  return best;
}

describe('distanceToShape: a point', () => {
  it.each([
    ['JFK to a stroke at LHR', point(-73.8, 40.6), [51.6, -0.5], 5551.759400318679, 51.198882845579824],
    ['1° along the equator, east', point(10, 0), [0, 11], 111.319491, 90],
    ['across the antimeridian, west', point(-179.5, 0), [0, 179.5], 111.319491, 270],
    // M(22.35°)·0.1°, with M = a(1 − e²)/(1 − e² sin²φ)^1.5.
    ['straight north on a meridian', point(113.9, 22.3), [22.4, 113.9], 11.0735026, 0],
    ['at the location itself', point(113.9, 22.3), [22.3, 113.9], 0, 0],
  ])('%s', (_name, shape, stroke, km, bearing) => {
    const [lat, lon] = stroke as [number, number];
    const d = distanceToShape(shape, lat, lon);
    expect(Math.abs(d.km - km)).toBeLessThan(METRE);
    if (km > 0) expect(angleOff(d.bearingDeg, bearing)).toBeLessThan(1e-6);
  });
});

// A 0.5° × 0.4° zone around Hong Kong with a hole of 0.1° × 0.1°.
const OUTER: Position[] = [
  [113.8, 22.2],
  [114.3, 22.2],
  [114.3, 22.6],
  [113.8, 22.6],
  [113.8, 22.2],
];
const HOLE: Position[] = [
  [114.0, 22.35],
  [114.1, 22.35],
  [114.1, 22.45],
  [114.0, 22.45],
  [114.0, 22.35],
];
const ZONE = polygon(OUTER, HOLE);

describe('distanceToShape: a polygon', () => {
  it.each([
    ['inside', [22.3, 113.9], 'zero'],
    ['inside, next to the hole', [22.4, 113.99], 'zero'],
    ['on a vertex', [22.2, 113.8], 'zero'],
    ['in the hole', [22.4, 114.04], 'sampled'],
    ['in the hole, near its north edge', [22.449, 114.07], 'sampled'],
    ['south of the zone', [22.1, 114.05], 'sampled'],
    ['east of the zone', [22.41, 114.5], 'sampled'],
    ['beyond a corner', [22.7, 114.4], 'sampled'],
    ['far away', [31.2, 121.5], 'sampled'],
  ])('%s', (_name, stroke, expected) => {
    const [lat, lon] = stroke as [number, number];
    const d = distanceToShape(ZONE, lat, lon);
    if (expected === 'zero') {
      expect(d.km).toBe(0);
      return;
    }
    const oracle = sampledBoundaryDistance(ZONE, lat, lon);
    expect(d.km).toBeGreaterThan(0);
    expect(Math.abs(d.km - oracle.km)).toBeLessThan(METRE);
    expect(angleOff(d.bearingDeg, oracle.bearingDeg)).toBeLessThan(0.1);
  });

  it('is zero on an edge, between vertices, where the geodesic runs', () => {
    const edge = geodesicEdge(22.2, 113.8, 22.2, 114.3);
    for (const f of [0.1, 0.5, 0.77]) {
      const on = edge.at(edge.km * f);
      expect(distanceToShape(ZONE, on.lat, on.lon).km).toBeLessThan(METRE);
    }
  });

  it('points the bearing from the centroid when the stroke is inside', () => {
    const square = polygon([
      [113, 22],
      [114, 22],
      [114, 23],
      [113, 23],
      [113, 22],
    ]);
    expect(angleOff(distanceToShape(square, 22.8, 113.5).bearingDeg, 0)).toBeLessThan(0.5);
    expect(angleOff(distanceToShape(square, 22.5, 113.1).bearingDeg, 270)).toBeLessThan(0.5);
  });
});

describe('distanceToShape: the middle of a long edge', () => {
  // One edge of ~960 km along 30° N: the geodesic bulges about 10 km north of the parallel mid-way.
  const LONG = polygon([
    [100, 30],
    [110, 30],
    [110, 20],
    [100, 20],
    [100, 30],
  ]);
  const edge = geodesicEdge(30, 100, 30, 110);
  const middle = edge.at(edge.km / 2);

  it.each([
    ['20 km north of the middle', 0, 20],
    ['3 km north of the middle', 0, 3],
    ['150 km north of a third of the way', -edge.km / 6, 150],
    ['400 m north of the middle', 0, 0.4],
  ])('%s', (_name, alongKm, northKm) => {
    const base = edge.at(edge.km / 2 + alongKm);
    const stroke = geodesicDirect(base.lat, base.lon, base.azimuthDeg - 90, northKm);
    const d = distanceToShape(LONG, stroke.lat, stroke.lon);
    const oracle = sampledBoundaryDistance(LONG, stroke.lat, stroke.lon);
    expect(Math.abs(d.km - oracle.km)).toBeLessThan(METRE);
    // Perpendicular offset from the geodesic: the distance is the offset itself.
    expect(Math.abs(d.km - northKm)).toBeLessThan(METRE);
  });

  it('counts the bulge: just north of 30° N mid-way is still inside', () => {
    expect(middle.lat).toBeGreaterThan(30.09);
    expect(distanceToShape(LONG, 30.05, 105).km).toBe(0);
    const beyond = distanceToShape(LONG, 30.1, 105);
    expect(beyond.km).toBeGreaterThan(0.5);
    expect(Math.abs(beyond.km - sampledBoundaryDistance(LONG, 30.1, 105).km)).toBeLessThan(METRE);
  });
});

describe('distanceToShape: across the antimeridian', () => {
  const DATELINE = polygon([
    [179.5, -1],
    [-179.5, -1],
    [-179.5, 1],
    [179.5, 1],
    [179.5, -1],
  ]);
  it.each([
    ['inside at 180', [0, 180], 0],
    ['inside at -180', [0.5, -180], 0],
    ['inside, east side', [0, -179.9], 0],
    ['0.5° west of the western edge', [0, 179], 55.659745],
    ['1.5° east of the eastern edge', [0, -178], 166.979236],
  ])('%s', (_name, stroke, km) => {
    const [lat, lon] = stroke as [number, number];
    const d = distanceToShape(DATELINE, lat, lon);
    expect(Math.abs(d.km - km)).toBeLessThan(METRE);
  });

  it('is small, not the rest of the world', () => {
    expect(distanceToShape(DATELINE, 0, 0).km).toBeGreaterThan(19_000);
  });
});

describe('distanceToShape: near the pole', () => {
  const POLAR = polygon([
    [0, 85],
    [90, 85],
    [90, 89],
    [0, 89],
    [0, 85],
  ]);
  const south = geodesicEdge(85, 0, 85, 90).at(geodesicEdge(85, 0, 85, 90).km / 2);

  it('follows the geodesic edges, which bulge towards the pole', () => {
    expect(south.lat).toBeGreaterThan(86);
    expect(distanceToShape(POLAR, south.lat + 0.01, 45).km).toBe(0);
    // Inside the lat/lon box, yet outside the geodesic polygon.
    const d = distanceToShape(POLAR, south.lat - 0.01, 45);
    expect(d.km).toBeGreaterThan(1.1);
    expect(Math.abs(d.km - sampledBoundaryDistance(POLAR, south.lat - 0.01, 45).km)).toBeLessThan(METRE);
  });

  it.each([
    ['inside', [87, 40]],
    ['beyond the north edge', [89.9, 120]],
    ['west of the zone', [87, -20]],
    ['across the pole', [88, -135]],
  ])('%s matches sampling', (_name, stroke) => {
    const [lat, lon] = stroke as [number, number];
    const d = distanceToShape(POLAR, lat, lon);
    if (d.km === 0) return expect(_name).toBe('inside');
    expect(Math.abs(d.km - sampledBoundaryDistance(POLAR, lat, lon).km)).toBeLessThan(METRE);
  });

  it('holds the pole when the ring goes around it', () => {
    const cap = polygon([
      [0, 88],
      [90, 88],
      [180, 88],
      [-90, 88],
      [0, 88],
    ]);
    expect(distanceToShape(cap, 89.5, 10).km).toBe(0);
    expect(distanceToShape(cap, 90, 0).km).toBe(0);
    const outside = distanceToShape(cap, 87, 10);
    expect(Math.abs(outside.km - sampledBoundaryDistance(cap, 87, 10).km)).toBeLessThan(METRE);
  });
});

describe('distanceToShape: random convex zones', () => {
  it('agrees with an edge-by-edge side test and with sampling', () => {
    const random = createRandom(7);
    const rand = () => random.next();
    for (let k = 0; k < 12; k++) {
      const lat0 = -80 + 160 * rand();
      const lon0 = -180 + 360 * rand();
      const radius = 5 + 60 * rand();
      const ring: Position[] = [];
      for (let a = 0; a < 360; a += 45 + 30 * rand()) {
        const v = geodesicDirect(lat0, lon0, a, radius);
        ring.push([v.lon, v.lat]);
      }
      ring.push(ring[0] as Position);
      const shape = polygon(ring);
      for (let s = 0; s < 4; s++) {
        const p = geodesicDirect(lat0, lon0, 360 * rand(), radius * 1.6 * rand());
        const d = distanceToShape(shape, p.lat, p.lon);
        // Convex and clockwise (azimuths from the centre increase): inside means right of every edge.
        const inside = ring.slice(0, -1).every((w, i) => {
          const e = ring[i + 1] as Position;
          const toE = geodesicInverse(w[1], w[0], e[1], e[0]).azimuthDeg;
          const toP = geodesicInverse(w[1], w[0], p.lat, p.lon).azimuthDeg;
          const turn = (toP - toE + 360) % 360;
          return turn > 0 && turn < 180;
        });
        if (inside) expect(d.km).toBe(0);
        else expect(Math.abs(d.km - sampledBoundaryDistance(shape, p.lat, p.lon).km)).toBeLessThan(METRE);
      }
    }
  });
});
