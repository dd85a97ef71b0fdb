import { describe, expect, it } from 'vitest';
import { douglasDegree } from './douglas-scale.js';

describe('douglasDegree', () => {
  it.each([
    [0, 0],
    [0.05, 1],
    [0.1, 1],
    [0.11, 2],
    [0.5, 2],
    [1.25, 3],
    [1.3, 4],
    [2.5, 4],
    [3.9, 5],
    [4, 5],
    [5.5, 6],
    [6.01, 7],
    [9, 7],
    [13.9, 8],
    [14.01, 9],
    [30, 9],
  ])('%d m is degree %d', (h, degree) => {
    expect(douglasDegree(h)).toBe(degree);
  });

  it.each([null, -1, Number.NaN])('%s has no degree', (h) => {
    expect(douglasDegree(h)).toBeNull();
  });
});
