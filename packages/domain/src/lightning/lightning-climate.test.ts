import { describe, expect, it } from 'vitest';
import {
  cellAreaKm2,
  cellsAreaKm2,
  cellsInBbox,
  cellsInCircle,
  cellsInPolygon,
  groundFlashDensity,
  thunderstormDays,
} from './lightning-climate.js';

const R = 6371.0088;
const rad = (d: number) => (d * Math.PI) / 180;

describe('groundFlashDensity', () => {
  it.each([
    // cg flashes, km², days, Ng
    [100, 100, 365.25, 1],
    [50, 100, 365.25 / 2, 1],
    [1000, 250, 365.25 * 2, 2],
    [0, 100, 30, 0],
    [10, 0, 30, null],
    [10, 100, 0, null],
  ])('%d CG flashes over %d km² in %d days: Ng %s', (flashes, area, days, ng) => {
    const got = groundFlashDensity(flashes, area, days);
    if (ng === null) expect(got).toBeNull();
    else expect(got).toBeCloseTo(ng, 12);
  });
});

describe('thunderstormDays', () => {
  it.each([
    { name: 'no strokes', daily: [], from: '2026-07-01', to: '2026-07-31', days: 0, perYear: 0 },
    {
      name: 'IC-only days do not count, CG days do',
      daily: [
        { date: '2026-07-02', cg: 0 },
        { date: '2026-07-03', cg: 1 },
        { date: '2026-07-09', cg: 40 },
      ],
      from: '2026-07-01',
      to: '2026-07-31',
      days: 2,
      perYear: (2 / 31) * 365.25,
    },
    {
      name: 'days outside the period are ignored',
      daily: [
        { date: '2026-06-30', cg: 3 },
        { date: '2026-07-01', cg: 3 },
        { date: '2026-08-01', cg: 3 },
      ],
      from: '2026-07-01',
      to: '2026-07-31',
      days: 1,
      perYear: (1 / 31) * 365.25,
    },
  ])('$name', ({ daily, from, to, days, perYear }) => {
    const t = thunderstormDays(daily, from, to);
    expect(t.days).toBe(days);
    expect(t.perYear).toBeCloseTo(perYear, 9);
  });

  it('splits a period across years, counting covered days', () => {
    const t = thunderstormDays(
      [
        { date: '2025-12-31', cg: 1 },
        { date: '2026-01-01', cg: 2 },
        { date: '2026-01-02', cg: 2 },
      ],
      '2025-12-30',
      '2026-01-03',
    );
    expect(t.byYear).toEqual([
      { year: 2025, days: 1, covered: 2 },
      { year: 2026, days: 2, covered: 3 },
    ]);
  });
});

describe('cells', () => {
  it.each([
    [0, R * R * rad(0.1) * Math.sin(rad(0.1))],
    [230, R * R * rad(0.1) * (Math.sin(rad(23.1)) - Math.sin(rad(23)))],
    [-231, R * R * rad(0.1) * (Math.sin(rad(-23)) - Math.sin(rad(-23.1)))],
  ])('cell row %d has the spherical area', (cy, area) => {
    expect(cellAreaKm2(cy)).toBeCloseTo(area, 9);
  });

  it('a 0.1° cell at 23° is about 11.1 × 10.2 km', () => {
    expect(cellAreaKm2(230)).toBeGreaterThan(112);
    expect(cellAreaKm2(230)).toBeLessThan(115);
  });

  it.each([
    { box: { west: 113, south: 23, east: 113.1, north: 23.1 }, cells: [{ cy: 230, cx: 1130 }] },
    {
      box: { west: 113, south: 23, east: 113.2, north: 23.1 },
      cells: [
        { cy: 230, cx: 1130 },
        { cy: 230, cx: 1131 },
      ],
    },
    // A box not reaching any cell centre.
    { box: { west: 113.01, south: 23.01, east: 113.04, north: 23.04 }, cells: [] },
  ])('cells with their centre in $box', ({ box, cells }) => {
    expect(cellsInBbox(box)).toEqual(cells);
  });

  it.each([
    [23.05, 113.05, 10, 1],
    [23.0, 113.0, 10, 4],
    [23.02, 113.05, 30, 23],
  ])('a circle at (%d, %d) of %d km stands for %d cells, the site’s among them', (lat, lon, r, n) => {
    const cells = cellsInCircle(lat, lon, r);
    expect(cells).toHaveLength(n);
    expect(cells).toContainEqual({ cy: Math.floor(lat * 10), cx: Math.floor(lon * 10) });
    expect(cellsAreaKm2(cells) / (Math.PI * r * r)).toBeGreaterThan(0.35);
    expect(cellsAreaKm2(cells) / (Math.PI * r * r)).toBeLessThan(1.5);
  });

  it('a 1 km circle is its own cell', () => {
    expect(cellsInCircle(23.0, 113.0, 1)).toEqual([{ cy: 230, cx: 1130 }]);
  });

  it('cells of a polygon by their centres, holes left out', () => {
    const square: [number, number][] = [
      [113, 23],
      [113.3, 23],
      [113.3, 23.3],
      [113, 23.3],
      [113, 23],
    ];
    const hole: [number, number][] = [
      [113.12, 23.12],
      [113.18, 23.12],
      [113.18, 23.18],
      [113.12, 23.18],
      [113.12, 23.12],
    ];
    expect(cellsInPolygon([square])).toHaveLength(9);
    expect(cellsInPolygon([square, hole])).toHaveLength(8);
    expect(cellsInPolygon([square, hole])).not.toContainEqual({ cy: 231, cx: 1131 });
  });
});
