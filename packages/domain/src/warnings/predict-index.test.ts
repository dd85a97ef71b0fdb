import { describe, expect, it } from 'vitest';
import { destinationPoint } from '../geo/geodesy.js';
import { PredictIndex, ringBoxes } from './predict-index.js';

/** A closed square ring of `halfKm` round a point. */
const square = (lat: number, lon: number, halfKm: number): [number, number][] => {
  const corners = [45, 135, 225, 315, 45].map((b) => destinationPoint(lat, lon, b, halfKm * Math.SQRT2));
  return corners.map((p) => [p.lon, p.lat]);
};
const point = (lat: number, lon: number) => ({
  type: 'Point' as const,
  coordinates: [lon, lat] as [number, number],
});

describe('PredictIndex', () => {
  const index = new PredictIndex();
  index.set(1, point(30, 114), 40);
  index.set(2, point(30, 116), 40);
  index.set(3, point(30, 179.9), 20);
  index.set(4, point(30, 114.2), 8);

  it.each([
    { name: 'a cell 30 km east of site 1', ring: square(30, 114.31, 5), ids: [1, 4] },
    { name: 'a cell between sites 1 and 2, out of both ranges', ring: square(30, 115, 3), ids: [] },
    { name: 'a cell across the antimeridian near site 3', ring: square(30, -179.95, 5), ids: [3] },
  ])('$name: $ids', ({ ring, ids }) => {
    expect([...index.near([ring])].sort()).toEqual(ids);
  });

  it('takes a nowcast ring beside the outline, and skips a missing one', () => {
    expect([...index.near([square(30, 115, 3), null, square(30, 116.2, 3)])]).toEqual([2]);
  });

  it('moves and forgets locations', () => {
    const moved = new PredictIndex();
    moved.set(1, point(30, 114), 40);
    moved.set(1, point(40, 114), 40);
    expect([...moved.near([square(30, 114, 5)])]).toEqual([]);
    expect([...moved.near([square(40, 114, 5)])]).toEqual([1]);
    moved.delete(1);
    expect(moved.size).toBe(0);
    expect([...moved.near([square(40, 114, 5)])]).toEqual([]);
  });
});

describe('ringBoxes', () => {
  it('splits a ring across ±180°', () => {
    expect(ringBoxes(square(0, 180, 5))).toHaveLength(2);
    expect(ringBoxes(square(0, 100, 5))).toHaveLength(1);
  });
});
