import { describe, expect, it } from 'vitest';
import { destinationPoint } from './geodesy.js';
import { nowcastInputOf } from './stateless-cell-input.js';
import { type ApproachFlash, trackStormCells } from './storm-cells.js';

const NOW = 1_750_000_000_000;
const MIN = 60_000;

/** A cell moving east at 36 km/h: 4 flashes a minute 5 km round its centre over the last `minutes`. */
function cellFlashes(minutes: number): ApproachFlash[] {
  const out: ApproachFlash[] = [];
  for (let ago = 0; ago <= minutes; ago++) {
    const c = destinationPoint(23, 113, 270, 0.6 * ago);
    for (let k = 0; k < 4; k++) {
      const p = destinationPoint(c.lat, c.lon, k * 90, 5);
      out.push({ timeMs: NOW - ago * MIN, lat: p.lat, lon: p.lon });
    }
  }
  return out;
}

describe('nowcastInputOf', () => {
  it('turns a tracked cell into centre, disc, rate per minute, motion towards, and a steady trend', () => {
    const [cell] = trackStormCells(cellFlashes(30), NOW);
    if (!cell) throw new Error('no cell');
    const input = nowcastInputOf(cell);
    expect(input.centroid[0]).toBeCloseTo(113, 1);
    expect(input.centroid[1]).toBeCloseTo(23, 1);
    expect(input.flash_rate_per_min).toBeCloseTo((31 * 4) / 30, 5);
    expect(input.motion?.speed_kmh).toBeCloseTo(36, 0);
    expect(input.motion?.direction_deg).toBeCloseTo(90, 0);
    expect(Math.sqrt(input.area_km2 / Math.PI)).toBeCloseTo(5, 0);
    expect(input.trend).toBe('steady');
  });

  it('keeps an untracked cell (too short a history) where it is, sized by its flashes', () => {
    const [cell] = trackStormCells(cellFlashes(4), NOW);
    if (!cell) throw new Error('no cell');
    expect(cell.track).toBeNull();
    const input = nowcastInputOf(cell);
    expect(input.motion).toBeNull();
    expect(Math.sqrt(input.area_km2 / Math.PI)).toBeGreaterThan(3);
    expect(Math.sqrt(input.area_km2 / Math.PI)).toBeLessThan(8);
  });
});
