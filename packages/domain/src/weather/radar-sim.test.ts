import { describe, expect, it } from 'vitest';
import { cellAt, lonLatGeoref } from './radar-grid.js';
import { sampleOf } from './radar-scale.js';
import {
  coreDbz,
  SIM_RADAR_SCALE,
  type SimRadarCell,
  simRadarGrid,
  simulatedReflectivity,
} from './radar-sim.js';

const grid = simRadarGrid({ west: 110, south: 20, east: 114, north: 24 });
const geo = lonLatGeoref(grid.bounds, grid.cols, grid.rows);
const T = Date.UTC(2026, 6, 12, 6);

const cell = (over: Partial<SimRadarCell> = {}): SimRadarCell => ({
  id: 3,
  lat: 22,
  lon: 112,
  headingDeg: 90,
  coreKm: 5,
  flashesPerMin: 10,
  peakFlashesPerMin: 10,
  bornMs: T - 20 * 60_000,
  lifeMs: 60 * 60_000,
  ...over,
});

function dbzAt(raw: Uint8Array, lon: number, lat: number): number | null {
  const s = sampleOf(
    raw[cellAt(geo, grid.cols, grid.rows, (x, y) => [x, y], lon, lat)] as number,
    SIM_RADAR_SCALE,
  );
  return s.state === 'value' ? s.value : null;
}

describe('coreDbz', () => {
  it.each([
    [{ flashesPerMin: 20, peakFlashesPerMin: 20 }, 58, 58],
    [{ flashesPerMin: 1, peakFlashesPerMin: 1 }, 52, 54],
    [{ flashesPerMin: 2, peakFlashesPerMin: 20 }, 43, 45],
    [{ flashesPerMin: 0, peakFlashesPerMin: 5 }, 35, 37],
  ])('%j peaks between %d and %d dBZ', (over, lo, hi) => {
    const dbz = coreDbz(cell(over));
    expect(dbz).toBeGreaterThanOrEqual(lo);
    expect(dbz).toBeLessThanOrEqual(hi);
  });
});

describe('simulatedReflectivity', () => {
  const raw = simulatedReflectivity([cell()], grid, T);

  it('is strongest in the core of a mature cell, 50–60 dBZ, and falls off outward', () => {
    const core = dbzAt(raw, 112, 22) as number;
    expect(core).toBeGreaterThanOrEqual(48);
    expect(core).toBeLessThanOrEqual(62);
    const ahead = dbzAt(raw, 112 + 12 / 103, 22) as number;
    expect(ahead).toBeLessThan(core - 8);
    expect(dbzAt(raw, 113.5, 23.5)).toBeNull();
  });

  it('trails stratiform rain behind the cell, not ahead of it', () => {
    const behind = dbzAt(raw, 112 - 18 / 103, 22);
    const ahead = dbzAt(raw, 112 + 18 / 103, 22);
    expect(behind).not.toBeNull();
    expect(behind as number).toBeGreaterThan(20);
    expect(ahead ?? 0).toBeLessThan((behind as number) - 5);
  });

  it('is empty without cells, and the same for the same cells', () => {
    expect(simulatedReflectivity([], grid, T).some((v) => v !== 0)).toBe(false);
    expect(simulatedReflectivity([cell()], grid, T)).toEqual(raw);
  });

  it('keeps codes within the scale: never no data, never above 254', () => {
    const strong = simulatedReflectivity(
      [cell(), cell({ id: 4 }), cell({ id: 5, peakFlashesPerMin: 20, flashesPerMin: 20 })],
      grid,
      T,
    );
    expect(Math.max(...strong)).toBeLessThanOrEqual(254);
  });
});
