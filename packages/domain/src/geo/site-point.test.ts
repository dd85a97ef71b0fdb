import { describe, expect, it } from 'vitest';
import { sitePoint } from './site-point.js';

describe('sitePoint', () => {
  it.each([
    ['a point', { type: 'Point' as const, coordinates: [113.3, 23.1] }, { lon: 113.3, lat: 23.1 }],
    [
      'a closed square, its closing vertex counted once',
      {
        type: 'Polygon' as const,
        coordinates: [
          [
            [113, 23],
            [114, 23],
            [114, 24],
            [113, 24],
            [113, 23],
          ],
        ],
      },
      { lon: 113.5, lat: 23.5 },
    ],
    [
      'a square across the antimeridian, centred on it',
      {
        type: 'Polygon' as const,
        coordinates: [
          [
            [179, -17],
            [-179, -17],
            [-179, -16],
            [179, -16],
            [179, -17],
          ],
        ],
      },
      { lon: -180, lat: -16.5 },
    ],
  ])('%s', (_name, shape, expected) => {
    const p = sitePoint(shape);
    expect(p.lon).toBeCloseTo(expected.lon, 9);
    expect(p.lat).toBeCloseTo(expected.lat, 9);
  });
});
