import { lastDueBlock, needsStep, pageMinutes, RESTEP } from '@thunderwatch/domain/cells/cell-restep';
import { type CellTrackerState, TRACKER } from '@thunderwatch/domain/cells/cell-tracker';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import type { Lease } from '../../db/singleton.js';
import type { CellRestepRepo, RestepBlockRow } from '../../modules/lightning/cells/cell-restep-repo.js';
import type { CellsRepo } from '../../modules/lightning/cells/cells-repo.js';
import type { RadarRepo } from '../../modules/weather/radar/radar-repo.js';
import { type CellRadarFrame, cellRadarFrameOf } from './cell-radar.js';
import type { CellRunner } from './cell-runner.js';

const MIN_MS = 60_000;
/** How often the leader looks for hours to re-step (an ingest of late strokes does not wake it). */
export const RESTEP_POLL_MS = 30_000;
/** Ids of cells born in a re-step: `r20240701T1203-4` (live ones have no prefix). */
export const RESTEP_ID_PREFIX = 'r';

/**
 * Runs the tracker's steps again for the hours `cell_restep_blocks` asks for (strokes the live tracker
 * never read: an archive import, a feed that came late), on the leader of the `cell-tracker` lease, beside
 * the live steps and never in their way: its own runner (its own cell worker thread), its own loop, and
 * only hours whose last step is past the live tracker's reach (`blockDue`). Oldest hour first; each from
 * the end state of the hour before when that one was re-stepped (else empty), warmed with the 10 min of
 * strokes before it, read a page at a time, stepped minute by minute with the radar frame the live step
 * would have had. Every step is written (cells and tracks, not the live tracker's state) with the
 * progress, in one transaction that checks the lease. A run is a pure function of the stored strokes and
 * frames: running an hour again writes the same cells with the same ids.
 */
export class CellRestep {
  private lease: Lease | null = null;
  private runner: CellRunner | null = null;
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** Called before each minute of a re-step (tests hold a run here to see the live step go on). */
  onMinute: ((t: number) => Promise<void>) | null = null;

  constructor(
    private readonly d: {
      db: Database;
      cells: CellsRepo;
      repo: CellRestepRepo;
      radar: Pick<RadarRepo, 'newestReflectivity'>;
      runner: () => CellRunner;
      now: () => Date;
      log: FastifyBaseLogger;
      timer?: boolean;
    },
  ) {}

  start(lease: Lease): void {
    this.lease = lease;
    if (this.d.timer === false) return;
    this.timer = setInterval(() => void this.runPending(), RESTEP_POLL_MS);
    this.timer.unref();
    void this.runPending();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.lease = null;
    await this.running;
    await this.runner?.close();
    this.runner = null;
  }

  /**
   * Re-steps the pending hours that are due, oldest first, until none is left (or the term ends, or one
   * fails: it is logged with its error on its row, and tried again at the next poll). One run at a time.
   */
  runPending(): Promise<void> {
    this.running ??= this.loop().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async loop(): Promise<void> {
    while (this.lease) {
      const row = await this.d.repo.nextPending(lastDueBlock(this.d.now().getTime()));
      if (!row) return;
      try {
        await this.block(row);
      } catch (error) {
        if (!this.lease) return;
        this.d.log.error({ err: error, block: row.block }, 'cell re-step failed');
        await this.d.repo.fail(row.block.getTime(), this.d.now(), (error as Error).message);
        // The worker may have died: the next run starts a new one.
        await this.runner?.close();
        this.runner = null;
        return;
      }
    }
  }

  private async block(row: RestepBlockRow): Promise<void> {
    const lease = this.lease;
    if (!lease) return;
    const start = row.block.getTime();
    const end = start + RESTEP.blockMs;
    const last = end - MIN_MS;
    const warmFrom = start - TRACKER.windowMs - MIN_MS;
    // Budget from the hour's size before iterating: the pages' length follows its strokes per minute.
    const total = await this.d.repo.countStrokes(new Date(warmFrom), new Date(last));
    const page = pageMinutes(total);
    await this.d.db.transaction(async (tx) => {
      await lease.check(tx);
      await this.d.repo.begin(tx, start, this.d.now(), total);
    });
    const seed = await this.d.repo.endStateBefore(start, RESTEP.blockMs);
    let endState: CellTrackerState | null = seed;
    // Nothing to find (no strokes, no cells carried in, no radar frame): the hour is done at once.
    const anyRadar = await this.d.radar.newestReflectivity(
      new Date(last),
      new Date(start - TRACKER.radarMaxAgeMs),
    );
    if (total > 0 || (seed?.cells.length ?? 0) > 0 || anyRadar) {
      this.runner ??= this.d.runner();
      const runner = this.runner;
      runner.reset(seed, RESTEP_ID_PREFIX);
      let holdsCells = (seed?.cells.length ?? 0) > 0;
      let readTo = warmFrom;
      let times: number[] = [];
      let next = 0;
      let lastStrokeMs: number | null = null;
      for (let t = start; t < end; t += MIN_MS) {
        if (!this.lease) return;
        if (t > readTo) {
          const to = Math.max(t, Math.min(last, readTo + page * MIN_MS));
          const strokes = await this.d.cells.strokes(new Date(readTo), new Date(to));
          if (strokes.length > 0) runner.add(strokes);
          times = strokes.map((s) => s.timeMs);
          next = 0;
          readTo = to;
        }
        while (next < times.length && (times[next] as number) <= t) lastStrokeMs = times[next++] as number;
        const radar = await this.radarFor(t);
        if (this.onMinute) await this.onMinute(t);
        if (!needsStep(t, { holdsCells, lastStrokeMs, radar: radar !== null })) {
          if ((t - start) % (10 * MIN_MS) === 0) {
            await this.d.db.transaction(async (tx) => {
              await lease.check(tx);
              await this.d.repo.progress(tx, start, t, false);
            });
          }
          continue;
        }
        const result = await runner.step(t, radar);
        if (result.radarError) this.d.log.warn({ err: result.radarError }, 'cell re-step without its radar');
        holdsCells = result.state.cells.length > 0;
        endState = result.state;
        await this.d.db.transaction(async (tx) => {
          await lease.check(tx);
          await this.d.cells.saveStep(tx, t, result.features, null);
          await this.d.repo.progress(tx, start, t, true);
        });
      }
    }
    await this.d.db.transaction(async (tx) => {
      await lease.check(tx);
      await this.d.repo.progress(tx, start, last, false);
      await this.d.repo.finish(tx, start, row.requested, this.d.now(), endState, end);
    });
  }

  /** The newest reflectivity frame at most 10 min before `t`: the one the live step for `t` would use. */
  private async radarFor(t: number): Promise<CellRadarFrame | null> {
    const row = await this.d.radar.newestReflectivity(new Date(t), new Date(t - TRACKER.radarMaxAgeMs));
    return row ? cellRadarFrameOf(row) : null;
  }
}
