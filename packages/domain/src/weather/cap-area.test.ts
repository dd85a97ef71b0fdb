import { describe, expect, it } from 'vitest';
import {
  buildCapArea,
  type CapArea,
  capAreaBounds,
  capAreaCovers,
  parseCapCircle,
  parseCapPolygon,
} from './cap-area.js';

const SQUARE = '22,113 22,114 23,114 23,113 22,113';
const built = (input: Parameters<typeof buildCapArea>[0]): CapArea => {
  const a = buildCapArea(input);
  if (typeof a === 'string') throw new Error(a);
  return a;
};

describe('CAP polygons and circles', () => {
  it.each([
    [SQUARE, 5],
    ['22,113 22,114 23,114', 4],
    [' 22,113\n22,114  23,114 22,113 ', 4],
  ])('%s → %i positions', (text, n) => {
    const ring = parseCapPolygon(text);
    expect(Array.isArray(ring) && ring.length).toBe(n);
    expect(Array.isArray(ring) && ring[0]).toEqual([113, 22]);
  });

  it.each([
    ['22,113 22,114', /at least 3/],
    ['22,113 22;114 23,114', /bad polygon pair "22;114"/],
    ['91,113 22,114 23,114', /bad polygon pair "91,113"/],
    ['22,113,5 22,114 23,114', /bad polygon pair/],
  ])('%s is refused', (text, reason) => {
    expect(parseCapPolygon(text)).toMatch(reason);
  });

  it.each([
    ['22.5,113.5 10', { lat: 22.5, lon: 113.5, radiusKm: 10 }],
    ['-9.1,46 0', { lat: -9.1, lon: 46, radiusKm: 0 }],
  ])('circle %s', (text, c) => expect(parseCapCircle(text)).toEqual(c));

  it.each(['22.5,113.5', '22.5,113.5 -1', '22.5 113.5 10', 'x,y 1'])('circle %s is refused', (text) => {
    expect(typeof parseCapCircle(text)).toBe('string');
  });
});

describe('CAP areas', () => {
  it('keeps GB/T 2260 codes as admin codes and other geocodes as text', () => {
    const a = built([
      {
        polygons: [],
        circles: [],
        geocodes: [
          { valueName: 'GB/T 2260', value: '440300' },
          { valueName: '行政区划代码', value: '440305' },
          { valueName: 'GB/T 2260', value: '44030' },
          { valueName: 'WARNCELLID', value: '803159007' },
        ],
      },
    ]);
    expect(a.adminCodes).toEqual(['440300', '440305']);
    expect(a.geocodes).toEqual(['GB/T 2260=44030', 'WARNCELLID=803159007']);
    expect(capAreaBounds(a)).toBeNull();
  });

  it('makes EXCLUDE_POLYGON a hole of the polygon holding it', () => {
    const a = built([
      {
        polygons: [SQUARE],
        circles: [],
        geocodes: [
          { valueName: 'EXCLUDE_POLYGON', value: '22.4,113.4 22.4,113.6 22.6,113.6 22.6,113.4 22.4,113.4' },
        ],
      },
    ]);
    expect(a.polygons[0]).toHaveLength(2);
    expect(capAreaCovers(a, { type: 'Point', coordinates: [113.5, 22.5] })).toBe(false);
    expect(capAreaCovers(a, { type: 'Point', coordinates: [113.2, 22.2] })).toBe(true);
  });

  it('names the first bad polygon', () => {
    expect(buildCapArea([{ polygons: [SQUARE, '1,2'], circles: [], geocodes: [] }])).toMatch(/at least 3/);
  });

  it('refuses an area over the vertex bound', () => {
    const ring = Array.from({ length: 100_001 }, (_, i) => `${(i % 80) / 10},${i / 1e4}`).join(' ');
    expect(buildCapArea([{ polygons: [ring], circles: [], geocodes: [] }])).toMatch(/vertices/);
  });
});

describe('coverage', () => {
  const area = built([{ polygons: [SQUARE], circles: ['30,120 10'], geocodes: [] }]);
  it.each([
    ['point inside polygon', { type: 'Point', coordinates: [113.5, 22.5] }, true],
    ['point outside', { type: 'Point', coordinates: [115, 22.5] }, false],
    ['point in circle', { type: 'Point', coordinates: [120.05, 30.05] }, true],
    ['point beyond circle', { type: 'Point', coordinates: [120.2, 30] }, false],
    [
      'polygon overlapping the edge',
      {
        type: 'Polygon',
        coordinates: [
          [
            [113.9, 22.4],
            [114.5, 22.4],
            [114.5, 22.6],
            [113.9, 22.6],
            [113.9, 22.4],
          ],
        ],
      },
      true,
    ],
    [
      'polygon crossing without vertices inside',
      {
        type: 'Polygon',
        coordinates: [
          [
            [112, 22.4],
            [115, 22.4],
            [115, 22.6],
            [112, 22.6],
            [112, 22.4],
          ],
        ],
      },
      true,
    ],
    [
      'polygon far away',
      {
        type: 'Polygon',
        coordinates: [
          [
            [100, 10],
            [101, 10],
            [101, 11],
            [100, 10],
          ],
        ],
      },
      false,
    ],
    [
      'polygon touching the circle',
      {
        type: 'Polygon',
        coordinates: [
          [
            [120.05, 29],
            [121, 29],
            [121, 31],
            [120.05, 31],
            [120.05, 29],
          ],
        ],
      },
      true,
    ],
  ] as const)('%s', (_name, shape, covered) => {
    expect(capAreaCovers(area, shape as never)).toBe(covered);
  });

  it('bounds include circles', () => {
    const b = capAreaBounds(area);
    expect(b?.[0]).toBe(113);
    expect(b?.[3]).toBeCloseTo(30.09, 2);
  });
});
