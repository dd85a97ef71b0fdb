import { describe, expect, it } from 'vitest';
import {
  blockDue,
  firstStepOf,
  lastDueBlock,
  lateBlocks,
  needsStep,
  pageMinutes,
  RESTEP,
} from './cell-restep.js';
import { emptyTrackerState, stepCellTracker, TRACKER } from './cell-tracker.js';
import { syntheticFlashes } from './synthetic-storm.js';

const MIN = 60_000;
const H10 = Date.UTC(2024, 6, 1, 10, 0);
const at = (h: number, m: number, s = 0) => Date.UTC(2024, 6, 1, h, m, s);

describe('firstStepOf', () => {
  it.each([
    { time: at(10, 0), step: at(10, 0) },
    { time: at(10, 0, 1), step: at(10, 1) },
    { time: at(10, 0, 59.999), step: at(10, 1) },
    { time: at(10, 59, 30), step: at(11, 0) },
  ])('$time → $step', ({ time, step }) => expect(firstStepOf(time)).toBe(step));
});

describe('lateBlocks', () => {
  it.each([
    // First step 10:06; the live steps 10:06 … 10:15 hold it in their window and read it when it comes.
    { name: 'on time', strokes: [{ timeMs: at(10, 5, 30), receivedMs: at(10, 6, 2) }], blocks: [] },
    { name: '2 min late', strokes: [{ timeMs: at(10, 5, 30), receivedMs: at(10, 8, 1) }], blocks: [] },
    { name: '5 min late', strokes: [{ timeMs: at(10, 5, 30), receivedMs: at(10, 11, 5) }], blocks: [] },
    // Read by the step 10:15 (at 10:15:05), the last whose window holds it.
    { name: 'by the last step', strokes: [{ timeMs: at(10, 5, 30), receivedMs: at(10, 15) }], blocks: [] },
    {
      name: 'after the last step',
      strokes: [{ timeMs: at(10, 5, 30), receivedMs: at(10, 15) + 1 }],
      blocks: [H10],
    },
    {
      name: '15 min late',
      strokes: [{ timeMs: at(10, 5, 30), receivedMs: at(10, 21, 5) }],
      blocks: [H10],
    },
    // A feed 8 min late across the hour: read live, no hour stepped again.
    { name: '8 min late at 11:00', strokes: [{ timeMs: at(10, 59, 30), receivedMs: at(11, 8) }], blocks: [] },
    {
      name: 'its steps cross the hour',
      strokes: [{ timeMs: at(10, 58, 30), receivedMs: at(11, 8, 1) }],
      blocks: [H10, H10 + RESTEP.blockMs],
    },
    {
      name: 'its window reaches the next hour',
      strokes: [{ timeMs: at(10, 50, 30), receivedMs: at(12, 0) }],
      blocks: [H10, H10 + RESTEP.blockMs],
    },
    // Counted by the steps 10:51 … 11:00, the last of which is the next hour's first.
    {
      name: 'at the edge',
      strokes: [{ timeMs: at(10, 50) + 500, receivedMs: at(12, 0) }],
      blocks: [H10, H10 + RESTEP.blockMs],
    },
    { name: 'just inside', strokes: [{ timeMs: at(10, 49, 59), receivedMs: at(12, 0) }], blocks: [H10] },
    {
      name: 'a day, deduplicated and in order',
      strokes: [
        { timeMs: at(13, 10), receivedMs: at(23, 0) },
        { timeMs: at(10, 10), receivedMs: at(23, 0) },
        { timeMs: at(13, 20), receivedMs: at(23, 0) },
      ],
      blocks: [H10, H10 + 3 * RESTEP.blockMs],
    },
  ])('$name', ({ strokes, blocks }) => expect(lateBlocks(strokes)).toEqual(blocks));

  it('is late once the clustering window has passed its first step', () => {
    expect(RESTEP.lateAfterMs).toBe(TRACKER.windowMs - TRACKER.stepMs);
  });
});

describe('blockDue and lastDueBlock', () => {
  it.each([
    // The block's last step (10:59) must be older than the live tracker's reach (31 min 5 s).
    { now: at(11, 30, 4), due: false },
    { now: at(11, 30, 5), due: true },
    { now: at(10, 30), due: false },
    { now: at(12, 0), due: true },
  ])('the 10:00 block at $now: $due', ({ now, due }) => {
    expect(blockDue(H10, now)).toBe(due);
    expect(lastDueBlock(now) >= H10).toBe(due);
    expect(blockDue(lastDueBlock(now), now)).toBe(true);
    expect(blockDue(lastDueBlock(now) + RESTEP.blockMs, now)).toBe(false);
  });
});

describe('pageMinutes', () => {
  it.each([
    { strokes: 0, min: 10 },
    { strokes: 1_000, min: 10 },
    { strokes: 70 * 50_000, min: 1 },
    { strokes: 70 * 10_000, min: 5 },
    { strokes: 100_000_000, min: 1 },
  ])('$strokes strokes in 70 min → $min min a page', ({ strokes, min }) =>
    expect(pageMinutes(strokes, 70)).toBe(min),
  );
});

describe('needsStep', () => {
  const t = at(10, 30);
  it.each([
    { o: { holdsCells: false, lastStrokeMs: null, radar: false }, step: false },
    { o: { holdsCells: true, lastStrokeMs: null, radar: false }, step: true },
    { o: { holdsCells: false, lastStrokeMs: null, radar: true }, step: true },
    { o: { holdsCells: false, lastStrokeMs: t, radar: false }, step: true },
    { o: { holdsCells: false, lastStrokeMs: t - 10 * MIN + 1, radar: false }, step: true },
    { o: { holdsCells: false, lastStrokeMs: t - 10 * MIN, radar: false }, step: false },
    { o: { holdsCells: false, lastStrokeMs: t + 1, radar: false }, step: false },
  ])('$o → $step', ({ o, step }) => expect(needsStep(t, o)).toBe(step));

  it('skipping the quiet minutes changes no cell (the rule the re-step relies on)', () => {
    const flashes = [
      ...syntheticFlashes([{ lat: 30, lon: 114, eastKmh: 30, sigmaKm: 2, perMin: () => 10 }], H10, 0, 15),
      ...syntheticFlashes(
        [{ lat: 30.5, lon: 114, eastKmh: 30, sigmaKm: 2, perMin: () => 10 }],
        H10,
        40,
        55,
        3,
      ),
    ];
    let every = emptyTrackerState();
    let some = emptyTrackerState();
    let holds = false;
    for (let t = H10; t < H10 + 70 * MIN; t += MIN) {
      const seen = flashes.filter((f) => f.timeMs <= t);
      const a = stepCellTracker(every, seen, t, null, 'r');
      every = a.state;
      const last = seen.at(-1)?.timeMs ?? null;
      if (!needsStep(t, { holdsCells: holds, lastStrokeMs: last, radar: false })) {
        expect(a.cells).toEqual([]);
        continue;
      }
      const b = stepCellTracker(some, seen, t, null, 'r');
      some = b.state;
      holds = b.cells.length > 0;
      expect(b.cells).toEqual(a.cells);
    }
    expect(every.cells.map((c) => c.id)).toEqual(some.cells.map((c) => c.id));
  });
});

describe('stepCellTracker ids', () => {
  it('marks the ids of cells born in a re-step with its prefix, and only those', () => {
    const flashes = syntheticFlashes([{ lat: 30, lon: 114, sigmaKm: 2, perMin: () => 10 }], H10, 0, 5);
    const live = stepCellTracker(emptyTrackerState(), flashes, H10 + 5 * MIN);
    const again = stepCellTracker(emptyTrackerState(), flashes, H10 + 5 * MIN, null, 'r');
    expect(live.cells.map((c) => c.id)).toEqual(['20240701T1005-1']);
    expect(again.cells.map((c) => c.id)).toEqual(['r20240701T1005-1']);
    // A carried cell keeps its id whatever the step's prefix.
    const next = stepCellTracker(again.state, flashes, H10 + 6 * MIN);
    expect(next.cells.map((c) => c.id)).toEqual(['r20240701T1005-1']);
  });
});
