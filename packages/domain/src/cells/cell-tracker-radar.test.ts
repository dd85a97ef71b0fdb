import { describe, expect, it } from 'vitest';
import { distanceKm } from '../geo/geodesy.js';
import { radarObjects } from '../weather/radar-objects.js';
import { localPlane, ringToPlane, signedArea } from './cell-plane.js';
import {
  type CellFlash,
  emptyTrackerState,
  stepCellTracker,
  type TrackedCell,
  type TrackerRadar,
} from './cell-tracker.js';
import {
  cellCentreAt,
  type SyntheticCell,
  type SyntheticEcho,
  syntheticEchoGrid,
  syntheticFlashes,
} from './synthetic-storm.js';

const MIN = 60_000;
const T0 = Date.UTC(2024, 6, 1, 12, 0);
/** The radar's grid: 0.01° (about 1 km) over 113°–116° E, 29°–31° N. */
const BOUNDS = { west: 113, south: 29, east: 116, north: 31 };

/** The objects of a frame at minute `m` holding the echoes. */
function frame(m: number, echoes: SyntheticEcho[]): TrackerRadar {
  return { timeMs: T0 + m * MIN, objects: radarObjects(syntheticEchoGrid(echoes, BOUNDS, 300, 200)) };
}

interface Scenario {
  /** Cells giving flashes. */
  flashing?: SyntheticCell[];
  /** Echoes at minute m (a frame every `every` minutes, the first at minute 0); none when omitted. */
  echoes?: (m: number) => SyntheticEcho[];
  every?: number;
  minutes: number;
}

/** Runs the tracker once a minute with the newest frame at each step; the cells of every step. */
function track({ flashing = [], echoes, every = 5, minutes }: Scenario): TrackedCell[][] {
  const flashes = syntheticFlashes(flashing, T0, 0, minutes, 7);
  let state = emptyTrackerState();
  const steps: TrackedCell[][] = [];
  let radar: TrackerRadar | null = null;
  for (let m = 1; m <= minutes; m++) {
    const now = T0 + m * MIN;
    if (echoes && (m - 1) % every === 0) radar = frame(m - 1, echoes(m - 1));
    const r = stepCellTracker(
      state,
      flashes.filter((f: CellFlash) => f.timeMs <= now),
      now,
      radar,
    );
    state = r.state;
    steps.push(r.cells);
  }
  return steps;
}

const EAST_40: SyntheticCell = { lat: 30, lon: 114, eastKmh: 40, sigmaKm: 2, perMin: () => 8 };
const echoOf =
  (c: SyntheticCell, radiusKm = 6, peakDbz = 55) =>
  (m: number): SyntheticEcho[] => [{ ...cellCentreAt(c, m), radiusKm, peakDbz }];
const speedKmh = (c: TrackedCell | undefined) => Math.hypot(...(c?.velocity ?? [0, 0])) * 60;
const ids = (steps: TrackedCell[][]) => new Set(steps.flat().map((c) => c.id));

describe('stepCellTracker with radar', () => {
  it.each([
    {
      name: 'a radar object without flashes is a cell, with no flash rate',
      scenario: { echoes: echoOf({ ...EAST_40, eastKmh: 0 }), minutes: 3 },
      madeFrom: 'radar',
      rate: 0,
      frameMin: 0,
    },
    {
      name: 'a flash cluster and the object it overlaps are one cell, rated by its flashes',
      scenario: {
        flashing: [{ ...EAST_40, eastKmh: 0 }],
        echoes: echoOf({ ...EAST_40, eastKmh: 0 }),
        minutes: 12,
      },
      madeFrom: 'both',
      rate: 8,
      frameMin: 10,
    },
  ])('$name', ({ scenario, madeFrom, rate, frameMin }) => {
    const steps = track(scenario);
    const last = steps.at(-1) as TrackedCell[];
    expect(last).toHaveLength(1);
    const c = last[0] as TrackedCell;
    expect(c.madeFrom).toBe(madeFrom);
    expect(c.flashRatePerMin).toBeCloseTo(rate, 0);
    // The grid's cells miss the echo's very centre by up to half a cell.
    expect(c.maxDbz).toBeGreaterThan(50);
    expect(c.maxDbz).toBeLessThanOrEqual(55);
    // The ≥ 35 dBZ disc of radius 6 km (a little more: codes round to 0.5 dBZ).
    expect(c.radarAreaKm2).toBeGreaterThan(Math.PI * 36);
    expect(c.radarAreaKm2).toBeLessThan(Math.PI * 6.5 ** 2);
    expect(c.radarTimeMs).toBe(T0 + frameMin * MIN);
    expect(distanceKm(c.centroid.lat, c.centroid.lon, 30, 114)).toBeLessThan(1.5);
    // The outline holds the echo (and the flashes round it).
    expect(c.areaKm2).toBeGreaterThan(c.radarAreaKm2 as number);
    expect(ids(steps).size).toBe(1);
  });

  it('follows a moving echo from frame to frame and measures its motion before any flash', () => {
    const steps = track({ echoes: echoOf(EAST_40), every: 5, minutes: 30 });
    expect(ids(steps).size).toBe(1);
    expect(steps.every((cells) => cells.length === 1)).toBe(true);
    const last = steps.at(-1)?.[0] as TrackedCell;
    expect(speedKmh(last)).toBeGreaterThan(34);
    expect(speedKmh(last)).toBeLessThan(46);
    expect(last.velocity?.[0]).toBeGreaterThan(Math.abs(last.velocity?.[1] ?? 0) * 4);
    expect(steps[0]?.[0]?.lifecycle).toBe('born');
    // Never flashed: a developing storm.
    expect(last.lifecycle).toBe('growing');
    expect(last.rateHistory.every((r) => r.total === 0)).toBe(true);
  });

  it('keeps the id when the tracked echo starts to flash, and calls it decaying once flashes stop', () => {
    const storm = { ...EAST_40, perMin: (m: number) => (m >= 20 && m < 30 ? 10 : 0) };
    const steps = track({ flashing: [storm], echoes: echoOf(storm), every: 5, minutes: 45 });
    expect(ids(steps).size).toBe(1);
    const at = (m: number) => steps[m - 1]?.[0] as TrackedCell;
    expect(at(20).madeFrom).toBe('radar');
    expect(speedKmh(at(20))).toBeGreaterThan(30);
    expect(at(25).madeFrom).toBe('both');
    expect(at(25).flashRatePerMin).toBeGreaterThan(5);
    expect(at(45).madeFrom).toBe('radar');
    expect(at(45).lifecycle).toBe('decaying');
  });

  it('does not join two lightning cells through one broad echo', () => {
    const a = { ...EAST_40, eastKmh: 0 };
    const b = { ...a, lon: 114.2 };
    const broad = () => [{ lat: 30, lon: 114.1, radiusKm: 20, peakDbz: 45 }];
    const last = track({ flashing: [a, b], echoes: broad, minutes: 12 }).at(-1) as TrackedCell[];
    expect(last).toHaveLength(2);
    expect(last.map((c) => c.madeFrom).sort()).toEqual(['both', 'flashes']);
  });

  const over = echoOf(EAST_40);
  it.each([
    { name: 'no radar', radarAt: () => undefined },
    { name: 'a frame with no echo', radarAt: (m: number) => ({ timeMs: T0 + m * MIN, objects: [] }) },
    { name: 'a frame after the step', radarAt: (m: number) => frame(m + 1, over(m)) },
    { name: 'a frame over 10 min old', radarAt: (m: number) => frame(m - 11, over(m)) },
    {
      name: 'echoes elsewhere (the flash cells are unchanged)',
      radarAt: (m: number) => frame(m, [{ lat: 30.8, lon: 115.8, radiusKm: 5, peakDbz: 50 }]),
      extra: 1,
    },
  ])('$name: the flash cells are as without radar', ({ radarAt, extra = 0 }) => {
    const flashes = syntheticFlashes([EAST_40, { ...EAST_40, lat: 29.5, northKmh: 30 }], T0, 0, 12, 3);
    let plain = emptyTrackerState();
    let withRadar = emptyTrackerState();
    for (let m = 1; m <= 12; m++) {
      const a = stepCellTracker(plain, flashes, T0 + m * MIN);
      const b = stepCellTracker(withRadar, flashes, T0 + m * MIN, radarAt(m));
      plain = a.state;
      withRadar = b.state;
      expect(b.cells.filter((c) => c.madeFrom === 'flashes')).toEqual(a.cells);
      expect(b.cells).toHaveLength(a.cells.length + extra);
    }
  });

  it('continues a state stored before cells had radar (no points or flashed in its memories)', () => {
    const flashes = syntheticFlashes([EAST_40], T0, 0, 20, 3);
    let state = emptyTrackerState();
    for (let m = 1; m <= 10; m++) state = stepCellTracker(state, flashes, T0 + m * MIN).state;
    const old = {
      ...state,
      cells: state.cells.map(({ points: _p, flashed: _f, ...rest }) => rest),
    };
    const a = stepCellTracker(state, flashes, T0 + 11 * MIN);
    const b = stepCellTracker(old, flashes, T0 + 11 * MIN);
    expect(b.cells).toEqual(a.cells);
    expect(b.cells[0]?.id).toBe(state.cells[0]?.id);
  });

  it('outlines a merged cell round both its flashes and its echo', () => {
    // Flashes to the west of an echo they overlap: the outline reaches over both.
    const flashing = [{ ...EAST_40, eastKmh: 0, lon: 113.95 }];
    const echo = () => [{ lat: 30, lon: 114.03, radiusKm: 5, peakDbz: 50 }];
    const [withEcho] = track({ flashing, echoes: echo, minutes: 11 }).at(-1) as TrackedCell[];
    const [alone] = track({ flashing, minutes: 11 }).at(-1) as TrackedCell[];
    expect(withEcho?.madeFrom).toBe('both');
    const ring = ringToPlane(localPlane({ lat: 30, lon: 114.03 }), withEcho?.ring ?? []);
    expect(Math.max(...ring.map(([x]) => x))).toBeGreaterThan(4.5);
    expect(withEcho?.areaKm2).toBeGreaterThan(alone?.areaKm2 ?? Infinity);
    expect(signedArea(ring)).toBeCloseTo(withEcho?.areaKm2 ?? 0, -1);
    // Its centroid is its flashes', as without radar.
    expect(withEcho?.centroid).toEqual(alone?.centroid);
  });
});
