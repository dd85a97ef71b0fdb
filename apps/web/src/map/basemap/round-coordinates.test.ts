import { describe, expect, it } from 'vitest';
import { roundCoordinates } from './round-coordinates';

describe('roundCoordinates', () => {
  it.each([
    [
      'a point',
      { type: 'Point', coordinates: [113.123456, 23.987654] },
      { type: 'Point', coordinates: [113.1235, 23.9877] },
    ],
    [
      'lines, leaving other numbers alone',
      {
        type: 'Feature',
        properties: { rank: 1.23456 },
        geometry: { type: 'MultiLineString', coordinates: [[[1.00004, 2.00005]]] },
      },
      {
        type: 'Feature',
        properties: { rank: 1.23456 },
        geometry: { type: 'MultiLineString', coordinates: [[[1, 2.0001]]] },
      },
    ],
    ['negative values', { coordinates: [-0.00006, -179.99999] }, { coordinates: [-0.0001, -180] }],
  ])('rounds %s to 1e-4', (_, input, expected) => {
    expect(roundCoordinates(input, 4)).toEqual(expected);
  });

  it('leaves its input unchanged', () => {
    const input = { coordinates: [1.23456, 2] };
    roundCoordinates(input, 2);
    expect(input.coordinates[0]).toBe(1.23456);
  });
});
