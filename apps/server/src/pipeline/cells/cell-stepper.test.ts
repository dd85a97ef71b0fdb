import { syntheticFlashes } from '@thunderwatch/domain/cells/synthetic-storm';
import { describe, expect, it } from 'vitest';
import type { TrackerStroke } from '../../modules/lightning/cells/cells-repo.js';
import { CellStepper } from './cell-stepper.js';

const MIN = 60_000;
const T0 = Date.UTC(2024, 6, 1, 10, 0);

/** A storm's strokes, one per flash, without flash ids (each stroke is a flash of its own). */
const strokes: TrackerStroke[] = syntheticFlashes(
  [{ lat: 30, lon: 114, eastKmh: 30, sigmaKm: 2, perMin: () => 10 }],
  T0,
  0,
  12,
).map((f, i) => ({ id: i + 1, timeMs: f.timeMs, lat: f.lat, lon: f.lon, isIc: !f.cg, flashId: null }));
const upTo = (ms: number) => strokes.filter((s) => s.timeMs <= ms);

/** Steps 10:01 … 10:12, giving the stepper what `reads(t)` returns before each step. */
async function run(reads: (t: number) => TrackerStroke[][]) {
  const stepper = new CellStepper();
  const out = [];
  for (let t = T0 + MIN; t <= T0 + 12 * MIN; t += MIN) {
    for (const read of reads(t)) stepper.add(read);
    const r = await stepper.step(t);
    out.push({ t, features: r.features, flashes: r.flashes, strokes: r.strokes });
  }
  return out;
}

describe('CellStepper', () => {
  it('counts a stroke read again once, in whatever order it is read', async () => {
    // Each minute's strokes once, in time order, when they happen.
    const once = await run((t) => [strokes.filter((s) => s.timeMs > t - MIN && s.timeMs <= t)]);
    expect(once.at(-1)?.features).toHaveLength(1);
    // The whole window read again at every step, newest first, twice over.
    const again = await run((t) => {
      const all = upTo(t).reverse();
      return [all, all.slice(0, 20)];
    });
    expect(again).toEqual(once);
    expect(again.at(-1)?.strokes).toBe(strokes.filter((s) => s.timeMs >= T0 + MIN).length);
  });

  it('takes strokes that come late in among newer ones by their time', async () => {
    // Every other stroke comes 4 min late, after strokes newer than it.
    const late = (s: TrackerStroke) => s.id % 2 === 1;
    const mixed = await run((t) => [
      strokes.filter((s) => !late(s) && s.timeMs > t - MIN && s.timeMs <= t),
      strokes.filter((s) => late(s) && s.timeMs > t - 5 * MIN && s.timeMs <= t - 4 * MIN),
    ]);
    // The same strokes at each step, read in time order.
    const ordered = await run((t) => [
      strokes
        .filter((s) => (late(s) ? s.timeMs <= t - 4 * MIN : s.timeMs <= t))
        .sort((a, b) => a.timeMs - b.timeMs),
    ]);
    expect(mixed).toEqual(ordered);
    expect(mixed.at(-1)?.features).toHaveLength(1);
  });
});
