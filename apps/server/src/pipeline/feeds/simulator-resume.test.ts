import type { SimStroke } from '@thunderwatch/domain/lightning/simulator';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { IngestService } from '../ingest/ingest-service.js';
import { startSimulatorFeed } from './simulator-feed.js';

const NOW = Date.UTC(2026, 6, 12, 7, 30); // afternoon storms in south China
const MIN = 60_000;
const log = { info: () => {}, warn: () => {} } as unknown as FastifyBaseLogger;

/** The strokes the simulator's first tick (its backfill) ingests, with `storedUntil` as given. */
async function backfill(storedUntil?: () => Promise<number | null>): Promise<SimStroke[]> {
  const got: SimStroke[] = [];
  let calls = 0;
  const ingest = {
    ingest: async (_source: string, lines: { stroke: SimStroke }[]) => {
      calls++;
      got.push(...lines.map((l) => l.stroke));
      return { accepted: lines.length };
    },
  } as unknown as IngestService;
  const stop = startSimulatorFeed(
    ingest,
    log,
    { seed: 7, backfillMin: 120, tickMs: 3_600_000, storedUntil },
    () => NOW,
  );
  const until = Date.now() + 30_000;
  while (calls === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  // The first tick's slices go one after another; let the last land.
  await new Promise((r) => setTimeout(r, 200));
  stop();
  return got;
}

describe('the simulator after a restart', () => {
  it('backfills the whole window when nothing is stored yet', async () => {
    const strokes = await backfill(async () => null);
    expect(strokes.length).toBeGreaterThan(0);
    expect(Math.min(...strokes.map((s) => s.epochMs))).toBeLessThan(NOW - 60 * MIN);
  });

  it('ingests nothing older than the newest stroke already stored', async () => {
    const resumeAt = NOW - 20 * MIN;
    const strokes = await backfill(async () => resumeAt);
    expect(strokes.length).toBeGreaterThan(0);
    expect(Math.min(...strokes.map((s) => s.epochMs))).toBeGreaterThanOrEqual(resumeAt);
  });

  it('backfills all when the stored strokes cannot be read', async () => {
    const strokes = await backfill(async () => {
      throw new Error('database gone');
    });
    expect(Math.min(...strokes.map((s) => s.epochMs))).toBeLessThan(NOW - 60 * MIN);
  });
});

describe("the simulator's radar backfill", () => {
  it("stores the present's frame first, then the earlier ones newest to oldest", async () => {
    const times: number[] = [];
    const ingest = { ingest: async () => ({ accepted: 0 }) } as unknown as IngestService;
    const stop = startSimulatorFeed(
      ingest,
      log,
      { seed: 7, backfillMin: 120, tickMs: 3_600_000, radar: async (timeMs) => void times.push(timeMs) },
      () => NOW,
    );
    // The world starts at 05:00 (the hour before the backfill's start): frames at 05:00, 05:06, … 07:30.
    const expected = (NOW - Date.UTC(2026, 6, 12, 5)) / (6 * MIN) + 1;
    await expect.poll(() => times.length, { timeout: 30_000 }).toBe(expected);
    stop();
    expect(times[0]).toBe(NOW);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});
