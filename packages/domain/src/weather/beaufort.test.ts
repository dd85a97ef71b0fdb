import { describe, expect, it } from 'vitest';
import { beaufortForce, galeLevelOf, higherGaleLevel, windForces } from './beaufort.js';

describe('beaufortForce (WMO 0–12, GB/T 28591 13–17)', () => {
  it.each([
    [0, 0],
    [0.2, 0],
    [0.3, 1],
    [1.5, 1],
    [1.55, 2],
    [3.3, 2],
    [3.4, 3],
    [5.4, 3],
    [5.5, 4],
    [7.9, 4],
    [8.0, 5],
    [10.7, 5],
    [10.8, 6],
    [13.8, 6],
    [13.9, 7],
    [17.1, 7],
    [17.2, 8],
    [20.7, 8],
    [20.8, 9],
    [24.4, 9],
    [24.5, 10],
    [28.4, 10],
    [28.5, 11],
    [32.6, 11],
    [32.7, 12],
    [36.9, 12],
    [37.0, 13],
    [41.5, 14],
    [46.2, 15],
    [51.0, 16],
    [56.1, 17],
    [80, 17],
  ])('%d m/s is force %d', (speed, force) => {
    expect(beaufortForce(speed)).toBe(force);
  });

  it.each([null, undefined, -0.5, Number.NaN, Number.POSITIVE_INFINITY])('%s has no force', (speed) => {
    expect(beaufortForce(speed)).toBeNull();
  });

  it('reads the gust against the same table', () => {
    expect(windForces({ speedMs: 12, gustMs: 21 })).toEqual({ force: 6, gustForce: 9 });
    expect(windForces({ speedMs: null, gustMs: 3 })).toEqual({ force: null, gustForce: 2 });
  });
});

describe('galeLevelOf (CMA gale signal criteria)', () => {
  it.each([
    [5, 6, null],
    [6, null, 'blue'],
    [null, 7, 'blue'],
    [7, 8, 'blue'],
    [8, 8, 'yellow'],
    [6, 9, 'yellow'],
    [10, null, 'orange'],
    [9, 11, 'orange'],
    [12, 12, 'red'],
    [11, 13, 'red'],
    [null, null, null],
  ] as const)('force %s gust %s is %s', (force, gust, level) => {
    expect(galeLevelOf(force, gust)).toBe(level);
  });

  it.each([
    [null, null, null],
    [null, 'blue', 'blue'],
    ['orange', 'yellow', 'orange'],
    ['yellow', 'red', 'red'],
  ] as const)('the higher of %s and %s is %s', (a, b, higher) => {
    expect(higherGaleLevel(a, b)).toBe(higher);
  });
});
