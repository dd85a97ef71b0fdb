import type { LocationShape } from '@thunderwatch/shared/schemas/geo';
import { describe, expect, it } from 'vitest';
import { makeCell, square } from './cell-fixtures';
import { cellAgeMin, compass16, nowcastReach, pointInRing, shapeMeetsRing } from './cell-reach';

const unit = square([0, 0], 1);

describe('pointInRing', () => {
  it.each([
    [[0, 0], true],
    [[0.99, -0.99], true],
    [[1.01, 0], false],
    [[0, 5], false],
    [[-3, -3], false],
  ])('%o inside the unit square: %s', (point, inside) => {
    expect(pointInRing(point, unit)).toBe(inside);
  });

  it('is false for an empty ring', () => {
    expect(pointInRing([0, 0], [])).toBe(false);
  });
});

describe('shapeMeetsRing', () => {
  const polygon = (ring: [number, number][]): LocationShape => ({ type: 'Polygon', coordinates: [ring] });
  it.each<[string, LocationShape, boolean]>([
    ['a point inside', { type: 'Point', coordinates: [0.5, 0.5] }, true],
    ['a point outside', { type: 'Point', coordinates: [2, 2] }, false],
    ['a polygon with a corner inside', polygon(square([1.5, 1.5], 1)), true],
    ['a polygon around the whole ring', polygon(square([0, 0], 5)), true],
    ['a polygon inside the ring', polygon(square([0, 0], 0.2)), true],
    ['a polygon apart', polygon(square([5, 5], 1)), false],
  ])('%s', (_name, shape, meets) => {
    expect(shapeMeetsRing(shape, unit)).toBe(meets);
  });
});

describe('nowcastReach', () => {
  // The fixture cell: 0.1° square at 113.3, 23.1; cones 0.098° east per 15 min.
  const cell = makeCell();
  const at = (name: string, lon: number): { name: string; shape: LocationShape } => ({
    name,
    shape: { type: 'Point', coordinates: [lon, 23.1] },
  });

  it('tells which of my locations the cell covers now or reaches by which lead, soonest first', () => {
    const reach = nowcastReach(cell, [
      at('Far east', 114.5),
      at('Thirty', 113.3 + 0.196 + 0.15),
      at('Airport', 113.35),
      at('Fifteen', 113.3 + 0.098 + 0.12),
      at('Behind', 113.0),
      at('Also now', 113.25),
    ]);
    expect(reach).toEqual([
      { name: 'Airport', leadMin: 0 },
      { name: 'Also now', leadMin: 0 },
      { name: 'Fifteen', leadMin: 15 },
      { name: 'Thirty', leadMin: 30 },
    ]);
  });

  it('reaches only what the cell covers now when it has no nowcast', () => {
    const still = makeCell({ motion: null });
    expect(nowcastReach(still, [at('Airport', 113.35), at('East', 113.5)])).toEqual([
      { name: 'Airport', leadMin: 0 },
    ]);
  });
});

describe('cell facts', () => {
  it.each([
    ['2025-07-01T08:00:00Z', '2025-07-01T07:18:00Z', 42],
    ['2025-07-01T08:00:00Z', '2025-07-01T08:00:00Z', 0],
    ['2025-07-01T08:00:00Z', '2025-07-01T07:59:31Z', 0],
    ['2025-07-01T08:00:00Z', '2025-07-01T08:01:00Z', 0],
  ])('a cell at %s born %s is %i min old', (time, bornAt, minutes) => {
    expect(cellAgeMin({ time, born_at: bornAt })).toBe(minutes);
  });

  it.each([
    [0, 'N'],
    [11, 'N'],
    [12, 'NNE'],
    [45, 'NE'],
    [90, 'E'],
    [202.5, 'SSW'],
    [259, 'W'],
    [348.8, 'N'],
    [360, 'N'],
    [-90, 'W'],
    [720 + 135, 'SE'],
  ])('heading %f° reads %s', (deg, point) => {
    expect(compass16(deg)).toBe(point);
  });
});
