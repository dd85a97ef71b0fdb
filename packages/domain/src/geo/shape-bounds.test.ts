import { describe, expect, it } from 'vitest';
import { createRandom } from '../common/random.js';
import { geodesicDirect, geodesicEdge, type Position } from './geodesic.js';
import { type LonLatBox, shapeBounds } from './shape-bounds.js';
import { distanceToShape, type ShapeGeometry } from './shape-distance.js';

const point = (lon: number, lat: number): ShapeGeometry => ({ type: 'Point', coordinates: [lon, lat] });
const polygon = (...ring: Position[]): ShapeGeometry => ({
  type: 'Polygon',
  coordinates: [[...ring, ring[0] as Position]],
});

const SHAPES: [string, ShapeGeometry][] = [
  ['a point in Guangzhou', point(113.26, 23.13)],
  ['a point on the antimeridian', point(180, -16.5)],
  ['a point just west of it', point(179.95, 65)],
  ['a point 10 km from the north pole', point(20, 89.91)],
  ['a point near the south pole', point(-60, -89.5)],
  ['a zone around Hong Kong', polygon([113.8, 22.2], [114.3, 22.2], [114.3, 22.6], [113.8, 22.6])],
  ['a zone across the antimeridian', polygon([179.5, -1], [-179.5, -1], [-179.5, 1], [179.5, 1])],
  ['a zone at 85–89° N', polygon([0, 85], [90, 85], [90, 89], [0, 89])],
  ['a cap around the south pole', polygon([0, -87], [-90, -87], [180, -87], [90, -87])],
  ['a long thin zone along 60° N', polygon([10, 60], [40, 60], [40, 60.2], [10, 60.2])],
];

function inBoxes(boxes: LonLatBox[], lat: number, lon: number): boolean {
  const l = ((((lon + 180) % 360) + 360) % 360) - 180;
  return boxes.some(([x0, y0, x1, y1]) => y0 <= lat && lat <= y1 && x0 <= l && l <= x1);
}

/** A point of the shape: the point itself, a vertex, or somewhere along an edge's geodesic. */
function somewhereOn(shape: ShapeGeometry, r: () => number): { lat: number; lon: number } {
  if (shape.type === 'Point') return { lat: shape.coordinates[1], lon: shape.coordinates[0] };
  const ring = shape.coordinates[0] as Position[];
  const i = Math.floor(r() * (ring.length - 1));
  const [a, b] = [ring[i] as Position, ring[i + 1] as Position];
  const edge = geodesicEdge(a[1], a[0], b[1], b[0]);
  return edge.at(edge.km * (r() < 0.2 ? 0 : r()));
}

describe('shapeBounds', () => {
  it.each([
    ['a point, 30 km', point(113.26, 23.13), 30, 1],
    ['a point on the antimeridian', point(180, -16.5), 30, 2],
    ['a point 10 km from the pole, 30 km', point(20, 89.91), 30, 1],
    ['a zone across the antimeridian', SHAPES[6]?.[1] as ShapeGeometry, 0, 2],
  ])('%s gives %i box(es)', (_name, shape, km, count) => {
    const boxes = shapeBounds(shape, km);
    expect(boxes).toHaveLength(count);
    for (const [x0, y0, x1, y1] of boxes) {
      expect(x0).toBeLessThanOrEqual(x1);
      expect(y0).toBeLessThanOrEqual(y1);
      expect(x0).toBeGreaterThanOrEqual(-180);
      expect(x1).toBeLessThanOrEqual(180);
      expect(y0).toBeGreaterThanOrEqual(-90);
      expect(y1).toBeLessThanOrEqual(90);
    }
  });

  it('covers every longitude once the buffer reaches a pole', () => {
    expect(shapeBounds(point(20, 89.91), 30)).toEqual([[-180, expect.any(Number), 180, 90]]);
    expect(shapeBounds(SHAPES[8]?.[1] as ShapeGeometry, 0)[0]).toEqual([-180, -90, 180, expect.any(Number)]);
  });

  it('stays tight: a 30 km point box is about 60 km a side', () => {
    const [box] = shapeBounds(point(113.26, 23.13), 30) as [LonLatBox];
    const heightKm = (box[3] - box[1]) * 110.7;
    const widthKm = (box[2] - box[0]) * 102.5;
    expect(heightKm).toBeGreaterThan(60);
    expect(heightKm).toBeLessThan(61);
    expect(widthKm).toBeGreaterThan(60);
    expect(widthKm).toBeLessThan(62);
  });

  it.each(SHAPES)('never misses a point within the buffer: %s', (_name, shape) => {
    const random = createRandom(_name);
    const r = () => random.next();
    for (const bufferKm of [0.5, 30, 250]) {
      const boxes = shapeBounds(shape, bufferKm);
      for (let k = 0; k < 300; k++) {
        const from = somewhereOn(shape, r);
        // Many right at the buffer's edge, where a box that is too small would show.
        const km = bufferKm * (k % 3 === 0 ? 0.999999 : Math.sqrt(r()));
        const p = geodesicDirect(from.lat, from.lon, 360 * r(), km);
        expect(inBoxes(boxes, p.lat, p.lon), `${p.lat}, ${p.lon} at ${km} km`).toBe(true);
      }
    }
  });

  it('holds every point whose distance to a zone is within the buffer', () => {
    const random = createRandom(11);
    const zone = SHAPES[7]?.[1] as ShapeGeometry;
    const boxes = shapeBounds(zone, 100);
    let near = 0;
    for (let k = 0; k < 400; k++) {
      const lat = 82 + 8 * random.next();
      const lon = -180 + 360 * random.next();
      if (distanceToShape(zone, lat, lon).km <= 100) {
        near++;
        expect(inBoxes(boxes, lat, lon)).toBe(true);
      }
    }
    expect(near).toBeGreaterThan(20);
  });
});
