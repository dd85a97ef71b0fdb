import { describe, expect, it } from 'vitest';
import { cellCorner, isValidResolution } from './density-grid.js';

describe('cellCorner', () => {
  it.each([
    // The float trap: 23.3 / 0.1 = 232.99999999999997 must still be the 23.3 cell.
    [23.3, 113.3, 0.1, 23.3, 113.3],
    [23.35, 113.39, 0.1, 23.3, 113.3],
    [23.2999, 113.2999, 0.1, 23.2, 113.2],
    [0.3, 0.7, 0.1, 0.3, 0.7],
    [-23.3, -113.3, 0.1, -23.3, -113.3],
    [-23.31, -113.31, 0.1, -23.4, -113.4],
    [-0.05, -0.05, 0.1, -0.1, -0.1],
    [22.57, 113.93, 0.01, 22.57, 113.93],
    [22.999, 113.75, 0.25, 22.75, 113.75],
    [22.5, 113.99, 0.5, 22.5, 113.5],
    [22.9, 113.1, 1, 22, 113],
    [1.15, 1.15, 0.05, 1.15, 1.15],
    [90, 180, 0.1, 89.9, -180],
    [-90, -180, 1, -90, -180],
  ])('(%d, %d) at %d° → (%d, %d)', (lat, lon, res, cornerLat, cornerLon) => {
    expect(cellCorner(lat, lon, res)).toEqual({ lat: cornerLat, lon: cornerLon });
  });

  it('puts every edge value of a 0.1° grid into its own cell', () => {
    for (let i = -900; i < 900; i++) {
      const edge = Number((i / 10).toFixed(1));
      expect(cellCorner(edge, 0, 0.1).lat).toBe(edge);
    }
  });
});

describe('isValidResolution', () => {
  it.each<[unknown, boolean]>([
    [0.01, true],
    [0.05, true],
    [0.1, true],
    [0.25, true],
    [0.3, true],
    [1, true],
    [0.1 + 0.2, true],
    [0.005, false],
    [0.015, false],
    [1.01, false],
    [2, false],
    [0, false],
    [-0.1, false],
    [Number.NaN, false],
    ['0.1', false],
    [null, false],
  ])('%j → %s', (r, ok) => {
    expect(isValidResolution(r)).toBe(ok);
  });
});
