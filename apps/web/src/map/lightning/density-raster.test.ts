import { DENSITY_STOPS } from '@thunderwatch/shared/map-layers';
import { describe, expect, it } from 'vitest';
import type { DensitySum } from './density';
import { type DensityRaster, densityColour, densityRaster, MAX_SIDE } from './density-raster';

const hex = (c: string) => [1, 3, 5].map((i) => Number.parseInt(c.slice(i, i + 2), 16));
const stop = (i: number) => hex(DENSITY_STOPS[i]?.[1] ?? '#000000');

/** The pixel at column x, row y: [r, g, b, a]. */
const pixel = (r: DensityRaster, x: number, y: number) => [
  ...r.pixels.slice((y * r.width + x) * 4, (y * r.width + x) * 4 + 4),
];
/** Opaque rows in column x, top to bottom, as runs of the same colour: [[r, g, b], rows]. */
function runs(r: DensityRaster, x: number): [number[], number][] {
  const out: [number[], number][] = [];
  for (let y = 0; y < r.height; y++) {
    const [red = 0, g = 0, b = 0, a = 0] = pixel(r, x, y);
    if (a === 0) continue;
    const last = out.at(-1);
    if (last && last[0].join() === [red, g, b].join()) last[1]++;
    else out.push([[red, g, b], 1]);
  }
  return out;
}

describe('density colour', () => {
  it.each([
    [0, 0],
    [1, 0],
    [4, 0],
    [5, 1],
    [19, 1],
    [20, 2],
    [50, 3],
    [199, 3],
    [200, 4],
    [999, 4],
    [1000, 5],
    [250_000, 5],
  ])('%i strokes take stop %i', (count, i) => {
    expect(densityColour(count)).toEqual(stop(i));
  });
});

describe('density raster', () => {
  it('draws nothing for no cells, no resolution, or cells beyond the Mercator edge', () => {
    expect(densityRaster({ resolution: 0.1, cells: [] })).toBeNull();
    expect(densityRaster({ resolution: 0, cells: [{ lat: 0, lon: 0, count: 3 }] })).toBeNull();
    expect(densityRaster({ resolution: 1, cells: [{ lat: 86, lon: 0, count: 3 }] })).toBeNull();
  });

  it('covers the cells, one column per cell and at least four rows per cell, the gaps see-through', () => {
    const r = densityRaster({
      resolution: 1,
      cells: [
        { lat: 0, lon: 10, count: 3 },
        { lat: 0, lon: 12, count: 30 },
      ],
    });
    expect(r?.corners).toEqual([
      [10, 1],
      [13, 1],
      [13, 0],
      [10, 0],
    ]);
    if (!r) throw new Error('no raster');
    expect(r.width).toBe(3);
    expect(r.height).toBeGreaterThanOrEqual(4);
    expect(runs(r, 0)).toEqual([[stop(0), r.height]]);
    expect(runs(r, 1)).toEqual([]);
    expect(runs(r, 2)).toEqual([[stop(2), r.height]]);
    expect(pixel(r, 1, 0)).toEqual([0, 0, 0, 0]);
    expect(pixel(r, 2, 0)[3]).toBe(255);
  });

  it('spaces rows in Mercator: a cell at 60° is twice as tall as one at the equator', () => {
    const r = densityRaster({
      resolution: 1,
      cells: [
        { lat: 60, lon: 0, count: 1 },
        { lat: 0, lon: 0, count: 1000 },
      ],
    });
    if (!r) throw new Error('no raster');
    const [north, south] = runs(r, 0);
    expect(north?.[0]).toEqual(stop(0));
    expect(south?.[0]).toEqual(stop(5));
    expect(south?.[1]).toBeGreaterThanOrEqual(4);
    expect((north?.[1] ?? 0) / (south?.[1] ?? 1)).toBeCloseTo(2, 0);
  });

  it('clips a cell across the Mercator edge to it', () => {
    const r = densityRaster({ resolution: 1, cells: [{ lat: 85, lon: 0, count: 1 }] });
    expect(r?.corners[0]).toEqual([0, 85.051129]);
    expect(r?.corners[3]).toEqual([0, 85]);
  });

  it.each<[string, DensitySum[], number]>([
    [
      'a grid wider than the image',
      Array.from({ length: 3000 }, (_, i) => ({ lat: 0, lon: i * 0.01, count: 1 })),
      0.01,
    ],
    [
      'a fine grid taller than the image',
      Array.from({ length: 61 }, (_, i) => ({ lat: i, lon: 0, count: 1 })),
      0.01,
    ],
  ])('keeps %s within its largest side', (_, cells, resolution) => {
    const r = densityRaster({ resolution, cells });
    expect(r?.width).toBeLessThanOrEqual(MAX_SIDE);
    expect(r?.height).toBeLessThanOrEqual(MAX_SIDE);
    expect(r?.pixels.length).toBe((r?.width ?? 0) * (r?.height ?? 0) * 4);
  });

  it('shows the busiest of cells that share a pixel, in whatever order they came', () => {
    const cells = Array.from({ length: 4096 }, (_, i) => ({
      lat: 0,
      lon: i * 0.01,
      count: i === 1 ? 500 : 1,
    }));
    for (const order of [cells, [...cells].reverse()]) {
      const r = densityRaster({ resolution: 0.01, cells: order });
      if (!r) throw new Error('no raster');
      expect(r.width).toBe(MAX_SIDE);
      // Cells 1 and 2 share pixel 1; cell 0 has pixel 0 to itself.
      expect(pixel(r, 1, 0).slice(0, 3)).toEqual(stop(4));
      expect(pixel(r, 0, 0).slice(0, 3)).toEqual(stop(0));
    }
  });
});
