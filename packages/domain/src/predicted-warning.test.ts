import { describe, expect, it } from 'vitest';
import { localPlane, ringToLonLat, type XY } from './cell-plane.js';
import { distanceKm } from './geodesy.js';
import {
  INITIAL_PREDICTED,
  jumpThreat,
  nextPredicted,
  type PredictCell,
  type PredictedState,
  type PredictSetting,
  shownLevel,
} from './predicted-warning.js';

const MIN = 60_000;
const site = { lat: 30, lon: 114 };
const toSite = (lat: number, lon: number) => distanceKm(site.lat, site.lon, lat, lon);
const plane = localPlane(site);
/** A 10 × 10 km square whose centre is `eastKm` east of the site. */
const square = (eastKm: number) =>
  ringToLonLat(
    plane,
    [
      [-5, -5],
      [5, -5],
      [5, 5],
      [-5, 5],
    ].map(([x, y]): XY => [(x as number) + eastKm, y as number]),
  );
const cell = (eastKm: number, jump: boolean, nowcastEastKm: number | null = null): PredictCell => ({
  jump,
  centroid: plane.toLatLon(eastKm, 0),
  ring: square(eastKm),
  nowcast30: nowcastEastKm === null ? null : square(nowcastEastKm),
});

describe('jumpThreat', () => {
  it.each([
    { name: 'a jumping cell 44.5 km east (edge 39.5 km)', cells: [cell(44.5, true)], threat: true },
    { name: 'a jumping cell 50 km east (edge 45 km)', cells: [cell(50, true)], threat: false },
    { name: 'a cell without a jump over the site', cells: [cell(0, false)], threat: false },
    { name: 'a jumping cell over the site', cells: [cell(0, true)], threat: true },
    { name: 'far now, its +30 min nowcast within range', cells: [cell(90, true, 30)], threat: true },
    { name: 'far now and at +30 min', cells: [cell(90, true, 70)], threat: false },
  ])('$name: $threat', ({ cells, threat }) => {
    expect(jumpThreat(cells, site, toSite, 40)).toBe(threat);
  });
});

describe('nextPredicted', () => {
  const on: PredictSetting = { enabled: true, rangeKm: 40, level: 2 };
  const allClearMs = 15 * MIN;
  type Row = { threat: boolean; ring: 0 | 1 | 2 | 3; at: number; level: number; shown: [number, boolean] };
  const run = (setting: PredictSetting | null, rows: Row[]) => {
    let s: PredictedState = INITIAL_PREDICTED;
    for (const r of rows) {
      s = nextPredicted(setting, s, { threat: r.threat, ringLevel: r.ring, nowMs: r.at * MIN, allClearMs });
      expect([r.at, s.level]).toEqual([r.at, r.level]);
      const shown = shownLevel(r.ring, s);
      expect([r.at, shown.level, shown.predicted]).toEqual([r.at, ...r.shown]);
    }
    return s;
  };

  it('raises at the configured level on a threat and clears after the all-clear time without one', () => {
    const s = run(on, [
      { threat: false, ring: 0, at: 0, level: 0, shown: [0, false] },
      { threat: true, ring: 0, at: 1, level: 2, shown: [2, true] },
      { threat: false, ring: 0, at: 10, level: 2, shown: [2, true] },
      { threat: true, ring: 0, at: 12, level: 2, shown: [2, true] },
      { threat: false, ring: 0, at: 26, level: 2, shown: [2, true] },
      { threat: false, ring: 0, at: 27, level: 0, shown: [0, false] },
    ]);
    expect(s.sinceMs).toBeNull();
  });

  it('keeps its start while it lasts', () => {
    const s = run(on, [
      { threat: true, ring: 0, at: 1, level: 2, shown: [2, true] },
      { threat: true, ring: 0, at: 2, level: 2, shown: [2, true] },
    ]);
    expect(s.sinceMs).toBe(MIN);
  });

  it('gives way to a ring that fires, and may come back once the rings clear', () => {
    run(on, [
      { threat: true, ring: 0, at: 1, level: 2, shown: [2, true] },
      { threat: true, ring: 1, at: 2, level: 0, shown: [1, false] },
      { threat: false, ring: 3, at: 5, level: 0, shown: [3, false] },
      { threat: false, ring: 0, at: 10, level: 2, shown: [2, true] },
      { threat: false, ring: 0, at: 17, level: 0, shown: [0, false] },
    ]);
  });

  it.each([
    { name: 'no setting', setting: null },
    { name: 'disabled', setting: { ...on, enabled: false } },
  ])('never predicts with $name', ({ setting }) => {
    run(setting, [
      { threat: true, ring: 0, at: 1, level: 0, shown: [0, false] },
      { threat: true, ring: 2, at: 2, level: 0, shown: [2, false] },
    ]);
  });
});
