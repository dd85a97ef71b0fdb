import { describe, expect, it } from 'vitest';
import { createRandom, type Random } from '../common/random.js';
import { geodesicDirect, geodesicInverse, type Position } from '../geo/geodesic.js';
import { distanceToShape, type ShapeGeometry } from '../geo/shape-distance.js';
import { type LocationHit, LocationIndex } from './location-index.js';

const point = (lon: number, lat: number): ShapeGeometry => ({ type: 'Point', coordinates: [lon, lat] });

/** A convex zone of `radiusKm` around a centre, as drawn on a map. */
function zone(lat: number, lon: number, radiusKm: number, corners = 6): ShapeGeometry {
  const ring: Position[] = [];
  for (let k = 0; k < corners; k++) {
    const p = geodesicDirect(lat, lon, (360 * k) / corners + 7, radiusKm);
    ring.push([p.lon, p.lat]);
  }
  ring.push(ring[0] as Position);
  return { type: 'Polygon', coordinates: [ring] };
}

describe('LocationIndex: keeping locations', () => {
  it('inserts, replaces and deletes', () => {
    const index = new LocationIndex();
    expect(index.size).toBe(0);
    index.set(1, point(113.26, 23.13), 30);
    index.set(2, zone(22.3, 114.2, 10), 20);
    expect(index.size).toBe(2);
    expect(index.has(1)).toBe(true);
    expect(index.within(23.2, 113.3).map((h) => h.id)).toEqual([1]);

    // Replacing moves the location: the old place no longer warns, the new one does.
    index.set(1, point(121.47, 31.23), 30);
    expect(index.size).toBe(2);
    expect(index.within(23.2, 113.3)).toEqual([]);
    expect(index.within(31.3, 121.5).map((h) => h.id)).toEqual([1]);

    expect(index.delete(2)).toBe(true);
    expect(index.delete(2)).toBe(false);
    expect(index.has(2)).toBe(false);
    expect(index.within(22.3, 114.2)).toEqual([]);
    expect(index.size).toBe(1);
  });

  it.each([
    ['negative', -1],
    ['not a number', Number.NaN],
    ['infinite', Number.POSITIVE_INFINITY],
  ])('refuses a %s reach', (_name, reach) => {
    expect(() => new LocationIndex().set(1, point(0, 0), reach)).toThrow(/reachKm/);
  });
});

describe('LocationIndex: a stroke near one location', () => {
  const index = new LocationIndex();
  index.set(7, point(113.26, 23.13), 30);
  index.set(8, zone(22.3, 114.2, 10), 20);

  it.each([
    ['10 km north-east of the point', 7, 45, 10, true],
    ['29.9 km south of the point', 7, 180, 29.9, true],
    ['30.1 km west of the point', 7, 270, 30.1, false],
  ])('%s', (_name, id, azimuth, km, hit) => {
    const stroke = geodesicDirect(23.13, 113.26, azimuth, km);
    const hits = index.within(stroke.lat, stroke.lon).filter((h) => h.id === id);
    expect(hits.length).toBe(hit ? 1 : 0);
    if (!hit) return;
    expect(Math.abs((hits[0] as LocationHit).km - km)).toBeLessThan(0.001);
    // Bearing from the location to the stroke.
    expect(Math.abs((hits[0] as LocationHit).bearingDeg - azimuth)).toBeLessThan(1e-6);
  });

  it('reports 0 km inside a zone and the exact distance outside it', () => {
    expect(index.within(22.3, 114.2)).toEqual([{ id: 8, km: 0, bearingDeg: expect.any(Number) }]);
    const outside = index.within(22.3, 114.45);
    expect(outside).toHaveLength(1);
    expect(
      Math.abs((outside[0] as LocationHit).km - distanceToShape(zone(22.3, 114.2, 10), 22.3, 114.45).km),
    ).toBeLessThan(0.001);
  });

  it('visits the same hits without building an array', () => {
    const seen: LocationHit[] = [];
    index.forEachWithin(22.3, 114.45, (id, km, bearingDeg) => seen.push({ id, km, bearingDeg }));
    expect(seen).toEqual(index.within(22.3, 114.45));
    expect(seen).toHaveLength(1);
  });

  it('finds candidates by box only, and nothing far away', () => {
    expect(index.candidates(23.13, 113.26)).toEqual([7]);
    expect(index.candidates(40, 100)).toEqual([]);
    expect(index.within(40, 100)).toEqual([]);
  });
});

interface Placed {
  shape: ShapeGeometry;
  reachKm: number;
}

/** Locations around a region, some points, some zones, some wide zones that go to the R-tree. */
function scatter(r: Random, count: number, lat: [number, number], lon: [number, number]): Placed[] {
  const out: Placed[] = [];
  for (let i = 0; i < count; i++) {
    const la = r.uniform(lat[0], lat[1]);
    const lo = r.uniform(lon[0], lon[1]);
    const kind = r.next();
    const shape =
      kind < 0.7 ? point(lo, la) : zone(la, lo, kind < 0.97 ? r.uniform(1, 15) : r.uniform(150, 400));
    out.push({ shape, reachKm: r.uniform(5, 60) });
  }
  return out;
}

function naive(
  placed: Map<number, Placed>,
  lat: number,
  lon: number,
): Map<number, { km: number; bearingDeg: number }> {
  const hits = new Map<number, { km: number; bearingDeg: number }>();
  for (const [id, p] of placed) {
    const d = distanceToShape(p.shape, lat, lon);
    if (d.km <= p.reachKm) hits.set(id, d);
  }
  return hits;
}

function expectSameAsNaive(
  index: LocationIndex,
  placed: Map<number, Placed>,
  lat: number,
  lon: number,
): number {
  const fast = new Map(index.within(lat, lon).map((h) => [h.id, h]));
  const slow = naive(placed, lat, lon);
  // Within millimetres of the reach the two methods may round either way.
  const borderline = (id: number) => {
    const p = placed.get(id) as Placed;
    return Math.abs(distanceToShape(p.shape, lat, lon).km - p.reachKm) < 1e-5;
  };
  for (const [id, d] of slow) {
    const h = fast.get(id);
    if (h === undefined) {
      expect(borderline(id), `location ${id} missed at ${lat}, ${lon}`).toBe(true);
      continue;
    }
    expect(Math.abs(h.km - d.km)).toBeLessThan(1e-5);
    if (d.km > 0.01) expect(Math.abs(((h.bearingDeg - d.bearingDeg + 540) % 360) - 180)).toBeLessThan(0.01);
  }
  for (const id of fast.keys()) if (!slow.has(id)) expect(borderline(id)).toBe(true);
  return slow.size;
}

describe('LocationIndex: same answers as measuring every location', () => {
  it.each([
    ['over China', [18, 53], [73, 135]],
    ['across the antimeridian', [-30, 30], [177, 183]],
    ['in the high Arctic', [80, 89.95], [-180, 180]],
    ['around the south pole', [-89.9, -82], [-180, 180]],
  ] as const)('%s', (name, lat, lon) => {
    const r = createRandom(name);
    const index = new LocationIndex();
    const placed = new Map<number, Placed>();
    scatter(r, 300, [lat[0], lat[1]], [lon[0], lon[1]]).forEach((p, i) => {
      // Ids need not be small or contiguous.
      const id = 1000 + i * 17;
      placed.set(id, p);
      index.set(id, p.shape, p.reachKm);
    });
    const strokes = () =>
      Array.from({ length: 150 }, () => {
        // Half of them right next to a location, where the answers are interesting.
        const near = [...placed.values()][r.int(0, placed.size - 1)] as Placed;
        const [cLon, cLat] =
          near.shape.type === 'Point'
            ? near.shape.coordinates
            : ((near.shape.coordinates[0] as Position[])[0] as Position);
        if (r.chance(0.5)) return geodesicDirect(cLat, cLon, r.uniform(0, 360), r.uniform(0, 70));
        const l = r.uniform(lon[0], lon[1]);
        return { lat: r.uniform(lat[0], lat[1]), lon: l > 180 ? l - 360 : l };
      });
    let hits = 0;
    for (const s of strokes()) hits += expectSameAsNaive(index, placed, s.lat, s.lon);
    expect(hits).toBeGreaterThan(50);

    // Move a third, delete a third: the index must follow.
    let k = 0;
    for (const id of [...placed.keys()]) {
      if (k % 3 === 0) {
        const moved = scatter(r, 1, [lat[0], lat[1]], [lon[0], lon[1]])[0] as Placed;
        placed.set(id, moved);
        index.set(id, moved.shape, moved.reachKm);
      } else if (k % 3 === 1) {
        placed.delete(id);
        index.delete(id);
      }
      k++;
    }
    expect(index.size).toBe(placed.size);
    for (const s of strokes()) expectSameAsNaive(index, placed, s.lat, s.lon);
  });

  it('answers for longitudes given as 180 or -180, and beyond', () => {
    const index = new LocationIndex();
    index.set(1, point(179.9, 0), 30);
    index.set(2, point(-179.9, 0), 30);
    for (const lon of [180, -180, 540]) {
      expect(
        index
          .within(0, lon)
          .map((h) => h.id)
          .sort(),
      ).toEqual([1, 2]);
    }
    const d = geodesicInverse(0, 179.9, 0, 180).km;
    expect(Math.abs((index.within(0, 180).find((h) => h.id === 1) as LocationHit).km - d)).toBeLessThan(1e-5);
  });
});

describe('LocationIndex: approximate visits for the engine', () => {
  it('brackets the geodesic distance everywhere on Earth, and measures it exactly on demand', () => {
    const rand = createRandom('bounds');
    const index = new LocationIndex();
    let visited = 0;
    for (let i = 0; i < 3000; i++) {
      const lat = rand.uniform(-89.9, 89.9);
      const lon = rand.uniform(-180, 180);
      index.set(1, { type: 'Point', coordinates: [lon, lat] }, 40);
      const p = geodesicDirect(lat, lon, rand.uniform(0, 360), rand.uniform(0, 39));
      const exact = geodesicInverse(lat, lon, p.lat, p.lon).km;
      index.forEachId(
        p.lat,
        p.lon,
        () => {
          visited++;
          const hit = index.hit;
          expect(hit.loKm).toBeLessThanOrEqual(exact + 1e-6);
          expect(hit.hiKm).toBeGreaterThanOrEqual(exact - 1e-6);
          index.measureExact();
          expect(index.hit.exact).toBe(true);
          expect(Math.abs(index.hit.km - exact)).toBeLessThan(0.001);
        },
        true,
      );
    }
    expect(visited).toBe(3000);
  });
});
