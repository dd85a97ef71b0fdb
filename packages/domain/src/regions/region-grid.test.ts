import { describe, expect, it } from 'vitest';
import { createRandom } from '../common/random.js';
import { gridLookup } from './region-grid.js';
import { compactPolygons, RegionIndex } from './region-index.js';

// Two squares sharing an edge at lon 113.23 (inside a 0.1° cell), a third with a hole, the sea around them.
const square = (w: number, s: number, e: number, n: number): [number, number][] => [
  [w, s],
  [e, s],
  [e, n],
  [w, n],
  [w, s],
];
const regions = [
  { code: '440100', rings: [square(112.9, 22.9, 113.23, 23.47)] },
  { code: '440600', rings: [square(113.23, 22.9, 113.61, 23.47)] },
  { code: '441900', rings: [square(113.7, 22.5, 114.5, 23.2), square(113.95, 22.7, 114.17, 22.93)] },
].map((r) => {
  const outer = r.rings[0] ?? [];
  return {
    code: r.code,
    bbox: {
      west: Math.min(...outer.map((p) => p[0])),
      south: Math.min(...outer.map((p) => p[1])),
      east: Math.max(...outer.map((p) => p[0])),
      north: Math.max(...outer.map((p) => p[1])),
    },
    polygons: compactPolygons([r.rings]),
  };
});

describe('gridLookup', () => {
  const index = new RegionIndex(regions);
  const plain = (lon: number, lat: number) => index.lookup(lon, lat);
  const fast = gridLookup(plain, index.rings());

  it.each([
    [113.0, 23.0, '440100'],
    [113.2299, 23.2, '440100'],
    [113.2301, 23.2, '440600'],
    [114.05, 22.8, null], // in the hole
    [113.65, 23.0, null], // between regions
    [114.49, 22.51, '441900'],
  ])('(%d, %d) is %s', (lon, lat, code) => expect(fast(lon, lat)).toBe(code));

  it('agrees with the plain lookup on 20,000 random points', () => {
    const random = createRandom(7);
    const rnd = () => random.next();
    for (let i = 0; i < 20_000; i++) {
      const lon = 112.8 + rnd() * 1.8;
      const lat = 22.4 + rnd() * 1.2;
      expect(fast(lon, lat)).toBe(plain(lon, lat));
    }
  });
});
