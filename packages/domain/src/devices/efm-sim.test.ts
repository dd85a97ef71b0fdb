import { describe, expect, it } from 'vitest';
import { destinationPoint } from '../geo/geodesy.js';
import { createLightningSimulator, type SimCell } from '../lightning/simulator.js';
import { minutesToNear, simFieldKvm } from './efm-sim.js';

const MIN = 60_000;
const MILL = { lat: 23.39, lon: 113.3 };

/** A cell `km` west of the mill moving east at 40 km/h, at `t`. */
function cellWest(km: number, over: Partial<SimCell> = {}): SimCell {
  const p = destinationPoint(MILL.lat, MILL.lon, 270, km);
  return {
    id: 1,
    lat: p.lat,
    lon: p.lon,
    bornMs: 0,
    lifeMs: 3 * 3600_000,
    headingDeg: 90,
    speedKmh: 40,
    flashesPerMin: 5,
    peakFlashesPerMin: 6,
    coreKm: 5,
    ...over,
  };
}

describe('simulated field mills', () => {
  it.each([
    // km west → minutes until within 10 km at 40 km/h
    [10, 0],
    [20, 15],
    [30, 30],
  ])('a cell %i km away comes within 10 km in %i min', (km, minutes) => {
    expect(minutesToNear(cellWest(km), MILL, 10)).toBeCloseTo(minutes, 0);
  });

  it.each([
    ['fair weather', [], 0.05, 0.2],
    ['a cell 30 min out', [cellWest(40)], 0.05, 0.2],
    ['a cell 18 min out: yellow', [cellWest(32)], -4, -2],
    ['a cell 12 min out: red', [cellWest(28)], -7, -5],
    ['a cell overhead', [cellWest(0)], -7.1, -5.9],
    ['a cell moving away', [cellWest(50, { headingDeg: 270 })], -0.1, 0.2],
    ['a cell that dies before it arrives', [cellWest(28, { lifeMs: 5 * MIN })], 0.05, 0.2],
  ] as [string, SimCell[], number, number][])('%s', (_name, cells, min, max) => {
    const e = simFieldKvm(MILL, cells, 60 * MIN);
    expect(e).toBeGreaterThanOrEqual(min);
    expect(e).toBeLessThanOrEqual(max);
  });

  it('is red 10 to 20 minutes before most storms’ first stroke within 10 km of the demo sites', () => {
    // The demo sites (apps/server/src/modules/warnings/locations/demo-locations.ts), the storms' hotspots.
    const sites = [
      MILL,
      { lat: 22.575, lon: 114.275 },
      { lat: 23.02, lon: 113.75 },
      { lat: 23.155, lon: 113.347 },
    ];
    const start = Date.UTC(2026, 6, 12, 4);
    const sim = createLightningSimulator({ seed: 20260712, startMs: start, hotspots: sites });
    const fields = sites.map(() => [] as number[]);
    const lastNear = sites.map(() => Number.NEGATIVE_INFINITY);
    let storms = 0;
    let led = 0;
    for (let m = 1; m < 24 * 60; m++) {
      const t = start + m * MIN;
      const strokes = sim.advance(t);
      sites.forEach((site, i) => {
        const field = fields[i] as number[];
        field[m] = simFieldKvm(site, sim.cells(), t - MIN);
        const kx = 111.32 * Math.cos((site.lat * Math.PI) / 180);
        if (!strokes.some((x) => Math.hypot((x.lon - site.lon) * kx, (x.lat - site.lat) * 110.57) <= 10))
          return;
        // A storm's first stroke near the site (none in the half hour before): red 10–20 min before it?
        if (m - (lastNear[i] as number) > 30 && m > 30) {
          storms++;
          if (field.slice(m - 20, m - 9).some((e) => e <= -5)) led++;
        }
        lastNear[i] = m;
      });
    }
    expect(storms).toBeGreaterThan(5);
    // Storms born over a site strike with no lead; most travel to it.
    expect(led / storms, `red 10–20 min ahead of ${led} of ${storms} storms`).toBeGreaterThanOrEqual(0.6);
  });
});
