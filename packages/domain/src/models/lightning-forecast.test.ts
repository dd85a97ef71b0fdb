import { describe, expect, it } from 'vitest';
import type { NowcastCellInput } from '../cells/cell-footprint.js';
import { lightningForecast } from './lightning-forecast.js';
import { type Bbox, cellAt, type GridModelResult, offsetKm } from './model-grid.js';

const NOW = 1_750_000_000_000;
const MIN = 60_000;
const AREA: Bbox = { west: 110, south: 20, east: 118, north: 28 };
const CENTRE: [number, number] = [114, 24];

const at = (r: GridModelResult, hour: number, eastKm = 0, northKm = 0) => {
  const [lon, lat] = offsetKm(CENTRE[0], CENTRE[1], eastKm, northKm);
  const i = cellAt(r.grid, lon, lat);
  return i < 0 ? 0 : (r.frames[hour]?.values[i] as number);
};

/** `n` flashes of the last `agoMin` minutes round CENTRE (within about 5 km). */
const burst = (n: number, agoMin = 30) =>
  Array.from({ length: n }, (_, k) => {
    const [lon, lat] = offsetKm(CENTRE[0], CENTRE[1], (k % 5) - 2, (Math.floor(k / 5) % 5) - 2);
    return { timeMs: NOW - agoMin * MIN, lat, lon };
  });

const cell = (over: Partial<NowcastCellInput> = {}): NowcastCellInput => ({
  centroid: CENTRE,
  area_km2: 400,
  flash_rate_per_min: 5,
  trend: 'steady',
  motion: null,
  ...over,
});

describe('lightningForecast', () => {
  it('gives six hourly zero frames when nothing flashed', () => {
    const r = lightningForecast({ cells: [], flashes: [], nowMs: NOW, area: AREA });
    expect(r.frames.map((f) => f.toMin)).toEqual([60, 120, 180, 240, 300, 360]);
    for (const f of r.frames) expect(Math.max(...f.values)).toBe(0);
  });

  it('lets recent activity persist where it was, fading hour by hour', () => {
    const r = lightningForecast({ cells: [], flashes: burst(60), nowMs: NOW, area: AREA });
    const hours = [0, 1, 2, 3, 4, 5].map((h) => at(r, h));
    expect(hours[0]).toBeGreaterThan(0.3);
    for (let h = 1; h < 6; h++) expect(hours[h]).toBeLessThan(hours[h - 1] as number);
    expect(at(r, 0, 80)).toBe(0);
  });

  it('ignores flashes older than an hour', () => {
    const r = lightningForecast({ cells: [], flashes: burst(60, 90), nowMs: NOW, area: AREA });
    expect(r.facts.recent_flashes).toBe(0);
    expect(Math.max(...(r.frames[0]?.values ?? [1]))).toBe(0);
  });

  it('carries a moving cell along its track in the first hours', () => {
    const r = lightningForecast({
      cells: [cell({ motion: { speed_kmh: 40, direction_deg: 90 } })],
      flashes: [],
      nowMs: NOW,
      area: AREA,
    });
    // Between +60 and +120 min the cell is 40–80 km east.
    expect(at(r, 1, 60)).toBeGreaterThan(at(r, 1, -60) * 4);
    expect(at(r, 1, 60)).toBeGreaterThan(0.05);
    expect(at(r, 5, 0)).toBeLessThan(0.01);
  });

  it('keeps a decaying cell weaker than a steady one', () => {
    const run = (trend: NowcastCellInput['trend']) =>
      lightningForecast({ cells: [cell({ trend })], flashes: [], nowMs: NOW, area: AREA });
    expect(at(run('decaying'), 1)).toBeLessThan(at(run('steady'), 1) / 2);
  });
});

describe('lightningForecast on inputs it cannot use', () => {
  it('skips cells it cannot place and flashes without a finite position, counting them', () => {
    const good = lightningForecast({ cells: [cell()], flashes: burst(20), nowMs: NOW, area: AREA });
    const r = lightningForecast({
      cells: [cell({ centroid: [Number.NaN, Number.NaN] }), cell()],
      flashes: [
        ...burst(20),
        { timeMs: NOW - MIN, lat: Number.NaN, lon: 114 },
        { timeMs: NOW - MIN, lat: 24, lon: Number.POSITIVE_INFINITY },
      ],
      nowMs: NOW,
      area: AREA,
    });
    expect(r.facts).toMatchObject({ cells: 1, cells_skipped: 1, recent_flashes: 20 });
    expect(r.frames.map((f) => [...f.values])).toEqual(good.frames.map((f) => [...f.values]));
  });
});
