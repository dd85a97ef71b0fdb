import type { CellProperties } from '@thunderwatch/shared/schemas/cells';
import { describe, expect, it } from 'vitest';
import type { NowcastCellInput } from '../cells/cell-footprint.js';
import { lightningNowcast, NOWCAST } from './lightning-nowcast.js';
import { type Bbox, cellAt, type GridModelResult, offsetKm } from './model-grid.js';

const AREA: Bbox = { west: 112, south: 22, east: 115, north: 25 };
const CENTRE: [number, number] = [113.5, 23.5];

function cell(over: Partial<NowcastCellInput> = {}): NowcastCellInput {
  return {
    centroid: CENTRE,
    area_km2: Math.PI * 10 * 10,
    flash_rate_per_min: 4,
    trend: 'steady',
    motion: null,
    ...over,
  };
}

/** The chance in the window starting at `fromMin`, at the point `eastKm` east and `northKm` north of CENTRE. */
function chance(r: GridModelResult, fromMin: number, eastKm: number, northKm = 0): number {
  const frame = r.frames.find((f) => f.fromMin === fromMin);
  if (!frame) throw new Error(`no window from ${fromMin}`);
  const [lon, lat] = offsetKm(CENTRE[0], CENTRE[1], eastKm, northKm);
  const i = cellAt(r.grid, lon, lat);
  return i < 0 ? 0 : (frame.values[i] as number);
}

/** km² of the window's area where the chance is at least `p`. */
function areaAbove(r: GridModelResult, fromMin: number, p: number): number {
  const frame = r.frames.find((f) => f.fromMin === fromMin);
  const side = r.grid.cellDeg * 111.19;
  const km2 = side * side * Math.cos((CENTRE[1] * Math.PI) / 180);
  return (frame?.values.filter((v) => v >= p).length ?? 0) * km2;
}

const EAST_40 = { speed_kmh: 40, direction_deg: 90 };

describe('lightningNowcast', () => {
  it('gives a zero grid over the area when there are no cells', () => {
    const r = lightningNowcast([], { area: AREA });
    expect(r.frames.map((f) => [f.fromMin, f.toMin])).toEqual([
      [0, 15],
      [15, 30],
      [30, 60],
    ]);
    for (const f of r.frames) expect(Math.max(...f.values)).toBe(0);
    expect(r.grid.west).toBeCloseTo(112);
    expect(r.facts.cells).toBe(0);
  });

  const moving = [
    { name: 'east', motion: EAST_40, ahead: [20, 0], behind: [-10, 0] },
    { name: 'north', motion: { speed_kmh: 40, direction_deg: 0 }, ahead: [0, 20], behind: [0, -10] },
    { name: 'south-west', motion: { speed_kmh: 40, direction_deg: 225 }, ahead: [-14, -14], behind: [7, 7] },
  ] as const;
  for (const row of moving) {
    it(`puts the chance ahead of a cell moving ${row.name} at +30 min, not behind it`, () => {
      const r = lightningNowcast([cell({ motion: row.motion })], { area: AREA });
      const ahead = chance(r, 30, row.ahead[0], row.ahead[1]);
      const behind = chance(r, 30, row.behind[0], row.behind[1]);
      expect(ahead).toBeGreaterThan(0.5);
      expect(behind).toBeLessThan(ahead / 4);
      // The cell leaves the point behind it: likelier now than later there.
      expect(behind).toBeLessThan(chance(r, 0, row.behind[0], row.behind[1]));
      // Where it will be in an hour (twice as far) is reached only in the last window.
      const far = chance(r, 30, row.ahead[0] * 2, row.ahead[1] * 2);
      expect(far).toBeGreaterThan(0.3);
      expect(chance(r, 0, row.ahead[0] * 2, row.ahead[1] * 2)).toBeLessThan(far / 4);
    });
  }

  it('keeps a stationary cell where it is, the same on every side', () => {
    const r = lightningNowcast([cell()], { area: AREA });
    expect(chance(r, 30, 15)).toBeCloseTo(chance(r, 30, -15), 1);
    expect(chance(r, 30, 0, 15)).toBeCloseTo(chance(r, 30, 0, -15), 1);
    expect(chance(r, 0, 0)).toBeGreaterThan(0.9);
  });

  it('shrinks a decaying cell and lowers its chance with lead; a growing one spreads', () => {
    const by = (trend: NowcastCellInput['trend']) => lightningNowcast([cell({ trend })], { area: AREA });
    const decaying = by('decaying');
    const steady = by('steady');
    const growing = by('growing');
    expect(areaAbove(decaying, 30, 0.3)).toBeLessThan(areaAbove(decaying, 0, 0.3) * 0.8);
    expect(areaAbove(decaying, 30, 0.3)).toBeLessThan(areaAbove(steady, 30, 0.3));
    expect(areaAbove(growing, 30, 0.3)).toBeGreaterThan(areaAbove(steady, 30, 0.3));
    expect(chance(decaying, 30, 0)).toBeLessThan(chance(steady, 30, 0));
  });

  it('gives nothing for a cell that does not flash, and more for a busier one', () => {
    expect(
      Math.max(
        ...(lightningNowcast([cell({ flash_rate_per_min: 0 })], { area: AREA }).frames[0]?.values ?? [1]),
      ),
    ).toBe(0);
    const quiet = lightningNowcast([cell({ flash_rate_per_min: 0.5 })], { area: AREA });
    const busy = lightningNowcast([cell({ flash_rate_per_min: 8 })], { area: AREA });
    expect(chance(busy, 0, 0)).toBeGreaterThan(chance(quiet, 0, 0));
  });

  it('combines two overlapping cells as independent chances', () => {
    const a = cell({ flash_rate_per_min: 0.7 });
    const b = cell({ flash_rate_per_min: 0.7, centroid: offsetKm(CENTRE[0], CENTRE[1], 5, 0) });
    const one = chance(lightningNowcast([a], { area: AREA }), 0, 2);
    const both = chance(lightningNowcast([a, b], { area: AREA }), 0, 2);
    expect(both).toBeCloseTo(1 - (1 - one) * (1 - one), 1);
  });

  it('reports progress once per cell up to 1', () => {
    const seen: number[] = [];
    lightningNowcast([cell(), cell({ motion: EAST_40 })], { area: AREA, onProgress: (p) => seen.push(p) });
    expect(seen).toEqual([0.5, 1]);
  });

  it('takes the tracked cells of /api/scz as they are', () => {
    const tracked: CellProperties = {
      id: 'c1',
      time: '2026-07-12T08:00:00Z',
      born_at: '2026-07-12T07:30:00Z',
      centroid: CENTRE,
      area_km2: 300,
      flash_rate_per_min: 5,
      cg_rate_per_min: 1,
      trend: 'growing',
      motion: EAST_40,
      lifecycle: 'growing',
      parents: [],
      jump: false,
      jump_sigma: null,
      rate_history: [],
      nowcast: [],
      made_from: 'flashes',
      max_dbz: null,
      radar_area_km2: null,
      radar_time: null,
    };
    const r = lightningNowcast([tracked], { area: AREA });
    expect(chance(r, 30, 20)).toBeGreaterThan(0.5);
    expect(r.grid.cellDeg).toBe(NOWCAST.cellDeg);
  });
});

/** Cells of a stored step that the models cannot place or weigh (a step written without a full outline). */
const UNUSABLE_CELLS: [string, NowcastCellInput][] = [
  ['a NaN centroid', cell({ centroid: [Number.NaN, Number.NaN] })],
  ['a centroid of one number', cell({ centroid: [113.5] as unknown as [number, number] })],
  ['no centroid', cell({ centroid: undefined as unknown as [number, number] })],
  ['a centroid off the globe', cell({ centroid: [500, 23.5] })],
  ['a NaN area', cell({ area_km2: Number.NaN })],
  ['an infinite area', cell({ area_km2: Number.POSITIVE_INFINITY })],
  ['a NaN flash rate', cell({ flash_rate_per_min: Number.NaN })],
  ['an unknown trend', cell({ trend: 'exploding' as NowcastCellInput['trend'] })],
  ['a NaN speed', cell({ motion: { speed_kmh: Number.NaN, direction_deg: 90 } })],
  ['an infinite direction', cell({ motion: { speed_kmh: 40, direction_deg: Number.POSITIVE_INFINITY } })],
];

describe('lightningNowcast on a step with cells it cannot use', () => {
  it.each(UNUSABLE_CELLS)('skips a cell with %s, counts it, and still computes the others', (_name, bad) => {
    const good = lightningNowcast([cell()], { area: AREA });
    const r = lightningNowcast([bad, cell()], { area: AREA });
    expect(r.facts).toMatchObject({ cells: 1, cells_skipped: 1 });
    expect(r.grid).toEqual(good.grid);
    expect(r.frames.map((f) => [...f.values])).toEqual(good.frames.map((f) => [...f.values]));
  });

  it('answers the quiet zero grid when no cell is usable', () => {
    const r = lightningNowcast([cell({ centroid: [Number.NaN, Number.NaN] })], { area: AREA });
    expect(r.facts).toMatchObject({ cells: 0, cells_skipped: 1 });
    for (const f of r.frames) expect(Math.max(...f.values)).toBe(0);
  });
});
