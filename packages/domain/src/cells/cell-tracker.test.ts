import { describe, expect, it } from 'vitest';
import {
  type CellFlash,
  emptyTrackerState,
  flashesOfStrokes,
  stepCellTracker,
  type TrackedCell,
} from './cell-tracker.js';
import { type SyntheticCell, syntheticFlashes } from './synthetic-storm.js';

const MIN = 60_000;
const T0 = Date.UTC(2024, 6, 1, 12, 0);

/** Runs the tracker once a minute over `minutes` of the cells' flashes; the cells of every step. */
function track(cells: SyntheticCell[], minutes: number, seed = 7): TrackedCell[][] {
  const flashes = syntheticFlashes(cells, T0, 0, minutes, seed);
  let state = emptyTrackerState();
  const steps: TrackedCell[][] = [];
  for (let m = 1; m <= minutes; m++) {
    const now = T0 + m * MIN;
    const r = stepCellTracker(
      state,
      flashes.filter((f: CellFlash) => f.timeMs <= now),
      now,
    );
    state = r.state;
    steps.push(r.cells);
  }
  return steps;
}

const ids = (steps: TrackedCell[][]) => new Set(steps.flat().map((c) => c.id));

describe('stepCellTracker', () => {
  it('keeps one id for a steady moving cell and measures its motion and area', () => {
    const steps = track([{ lat: 30, lon: 114, eastKmh: 40, sigmaKm: 2, perMin: () => 8 }], 30);
    expect(ids(steps).size).toBe(1);
    const last = steps.at(-1)?.[0] as TrackedCell;
    expect(steps[0]?.[0]?.lifecycle).toBe('born');
    expect(last.lifecycle).toBe('mature');
    expect(last.trend).toBe('steady');
    const speed = Math.hypot(...(last.velocity as [number, number])) * 60;
    expect(speed).toBeGreaterThan(32);
    expect(speed).toBeLessThan(48);
    expect(last.velocity?.[0]).toBeGreaterThan(Math.abs(last.velocity?.[1] ?? 0) * 4);
    expect(last.areaKm2).toBeGreaterThan(20);
    expect(last.areaKm2).toBeLessThan(600);
    expect(last.flashRatePerMin).toBeCloseTo(8, 0);
    expect(last.rateHistory).toHaveLength(30);
    expect(steps.flat().some((c) => c.jump)).toBe(false);
  });

  it.each([
    {
      name: 'a jump: a steady 12/min cell whose rate climbs to 60/min',
      perMin: (m: number) => (m < 20 ? 12 + (m % 3) : 12 + (m - 19) * 8),
      jumpAt: [21, 22, 23, 24],
    },
    {
      name: 'no jump: a rate that wobbles round 15/min',
      perMin: (m: number) => 15 + 4 * Math.sin(m),
      jumpAt: [],
    },
    {
      name: 'no jump below the activation threshold: a climb from 1 to 8/min',
      perMin: (m: number) => (m < 20 ? 1 : 1 + (m - 19)),
      jumpAt: [],
    },
  ])('$name', ({ perMin, jumpAt }) => {
    const steps = track([{ lat: 25, lon: 110, eastKmh: 20, sigmaKm: 2.5, perMin }], 28);
    expect(ids(steps).size).toBe(1);
    const jumped = steps.flatMap((cells, i) => (cells.some((c) => c.jump) ? [i + 1] : []));
    if (jumpAt.length === 0) expect(jumped).toEqual([]);
    else {
      expect(jumped.length).toBeGreaterThan(0);
      expect(jumpAt).toContain(jumped[0]);
      const first = steps[(jumped[0] as number) - 1]?.[0] as TrackedCell;
      expect(first.jumpSigmas).toBeGreaterThan(2);
      expect(first.flashRatePerMin).toBeGreaterThanOrEqual(10);
    }
  });

  it('a split: one cell that parts into two keeps its id in one and names it as the parent of the other', () => {
    const half = { lat: 30, lon: 114, sigmaKm: 1.5, perMin: () => 6 };
    const steps = track(
      [
        { ...half, northKmh: 70 },
        { ...half, northKmh: -70 },
      ],
      30,
    );
    const first = steps[0]?.[0] as TrackedCell;
    expect(steps[0]).toHaveLength(1);
    const last = steps.at(-1) as TrackedCell[];
    expect(last).toHaveLength(2);
    expect(last.map((c) => c.id)).toContain(first.id);
    const child = steps.flat().find((c) => c.lifecycle === 'split') as TrackedCell;
    expect(child.parents).toEqual([first.id]);
    expect(last.find((c) => c.id !== first.id)?.id).toBe(child.id);
    // The parent's history is shared between the two, not copied to both.
    const [a, b] = last.map((c) => c.rateHistory[0]?.total ?? 0);
    expect((a as number) + (b as number)).toBeLessThanOrEqual(12.5);
  });

  it('a merge: two cells that meet become one, marked merged, naming the one it absorbed', () => {
    const steps = track(
      [
        { lat: 30, lon: 114, eastKmh: 60, sigmaKm: 1.5, perMin: () => 6 },
        { lat: 30, lon: 114.45, eastKmh: -60, sigmaKm: 1.5, perMin: () => 6 },
      ],
      30,
    );
    expect(steps[0]).toHaveLength(2);
    const [a, b] = (steps[0] as TrackedCell[]).map((c) => c.id);
    const merged = steps.flat().find((c) => c.lifecycle === 'merged') as TrackedCell;
    expect(merged).toBeDefined();
    expect([a, b]).toContain(merged.id);
    expect(merged.parents).toEqual([merged.id === a ? b : a]);
    expect(steps.at(-1)).toHaveLength(1);
    expect(steps.at(-1)?.[0]?.id).toBe(merged.id);
  });

  it('drops clusters under five flashes and cells whose flashes left the 10-min window (across the antimeridian)', () => {
    const steps = track([{ lat: 0, lon: 179.99, sigmaKm: 1, perMin: (m) => (m < 5 ? 3 : 0) }], 20);
    // Three flashes a minute for five minutes: five or more in the window from minute 2 to minute 13.
    expect(steps.map((cells) => cells.length)).toEqual([0, ...Array(12).fill(1), 0, 0, 0, 0, 0, 0, 0]);
    expect(ids(steps).size).toBe(1);
  });

  it('starts afresh after a gap of more than 10 minutes, and refuses a step back in time', () => {
    const cell = { lat: 30, lon: 114, sigmaKm: 2, perMin: () => 8 };
    const flashes = syntheticFlashes([cell], T0, 0, 40);
    const a = stepCellTracker(emptyTrackerState(), flashes, T0 + 10 * MIN);
    const b = stepCellTracker(a.state, flashes, T0 + 15 * MIN);
    const c = stepCellTracker(b.state, flashes, T0 + 30 * MIN);
    expect(b.cells[0]?.id).toBe(a.cells[0]?.id);
    expect(c.cells[0]?.id).not.toBe(a.cells[0]?.id);
    expect(c.cells[0]?.lifecycle).toBe('born');
    expect(() => stepCellTracker(c.state, flashes, T0 + 30 * MIN)).toThrow(RangeError);
  });
});

describe('flashesOfStrokes', () => {
  it('takes the first stroke of a flash and calls it CG if any stroke is', () => {
    const s = (timeMs: number, flashId: number | null, isIc: boolean) => ({
      timeMs,
      lat: timeMs,
      lon: 1,
      isIc,
      flashId,
    });
    expect(
      flashesOfStrokes([s(2, 1, true), s(1, 1, false), s(3, 2, true), s(4, null, true), s(5, null, false)]),
    ).toEqual([
      { timeMs: 1, lat: 1, lon: 1, cg: true },
      { timeMs: 3, lat: 3, lon: 1, cg: false },
      { timeMs: 4, lat: 4, lon: 1, cg: false },
      { timeMs: 5, lat: 5, lon: 1, cg: true },
    ]);
  });
});
