import { blockOf, RESTEP } from '@thunderwatch/domain/cells/cell-restep';
import { CELL_STEP_DELAY_MS, TRACKER } from '@thunderwatch/domain/cells/cell-tracker';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import type { Lease, Singleton } from '../../db/singleton.js';
import type { CellRestepRepo } from '../../modules/lightning/cells/cell-restep-repo.js';
import type { CellsRepo, StrokeLogPosition } from '../../modules/lightning/cells/cells-repo.js';
import type { RadarRepo } from '../../modules/weather/radar/radar-repo.js';
import { CHANNELS, type ClusterSignals } from '../cluster/signals.js';
import { type CellRadarFrame, cellRadarFrameOf } from './cell-radar.js';
import type { CellRestep } from './cell-restep.js';
import type { CellRunner } from './cell-runner.js';
import { type CellStepResult, KEEP_MS } from './cell-stepper.js';

export const CELL_TRACKER = 'cell-tracker';

const MIN_MS = 60_000;
/**
 * Strokes a step reads: those of the clustering window and the minute before (the strokes the worker
 * keeps, `KEEP_MS`: a flash's first stroke may lie just before the window), however late they arrived.
 */
const READ_BACK_MS = KEEP_MS;
/** Strokes read at a time (a storm's window may hold hundreds of thousands). */
export const READ_PAGE = 50_000;
/** A new term with no usable state rebuilds this many minutes of steps from the stored strokes. */
export const REBUILD_MIN = 30;
/** The longest gap of a down tracker whose hours are asked to be stepped again. */
const GAP_MAX_MS = 31 * 24 * 3_600_000;

export interface CellStats {
  steps: number;
  lastMs: number;
  maxMs: number;
  cells: number;
  /** Strokes the last step held (its window and the minute before). */
  strokes: number;
  /** Objects of the last step's radar frame (null without one), and the time reading it took (ms). */
  radarObjects: number | null;
  radarMs: number;
}

/**
 * The cell tracker on the node holding its lease: once a minute (aligned to the minute, 5 s after it) it
 * reads the strokes stored since its last read whose time lies in its window (late ones included), looks
 * up the newest reflectivity frame of the 10 min before the step, runs one tracker step on the cell worker
 * (which reads the frame's grid and finds its ≥ 35 dBZ objects) and writes the step's cells and its state
 * in one transaction that checks the lease. A term starts from the stored state and replays, from the
 * stored strokes and radar frames, every minute it missed (at most the last 30; with no usable state, the
 * last 30 from scratch), each minute with the frame the live step would have had, so a restart or a
 * failover continues the same cells with the same ids.
 */
export class CellTrackerService implements Singleton {
  readonly name = CELL_TRACKER;
  private runner: CellRunner | null = null;
  private lease: Lease | null = null;
  private timer: NodeJS.Timeout | null = null;
  private queue: Promise<void> = Promise.resolve();
  private lastStepMs: number | null = null;
  /**
   * The strokes log's position read through (microseconds; null: none read yet). Each read takes the
   * strokes received after it and at or before the log's head, then moves it to that head.
   *
   * Why `received_at` and the head, not the id sequence: ids are handed out when a row is inserted, not when
   * it commits, so a batch holding lower ids may commit after one holding higher ids, and a cursor on ids
   * would pass over it for good (or would have to re-read an overlap of guessed length). `received_at` is
   * stamped by moving `stroke_log_head` forward under its row lock, held until the batch commits, so its
   * order is commit order, on PostgreSQL with many connections as in the embedded database with one (the
   * warning engine follows the log the same way). Every stroke received at or before a head that can be
   * read is committed, and every later one is received after it: reading (cursor, head] leaves no gap and
   * reads nothing twice. A stroke read twice all the same (a new term's rebuild) counts once: the worker
   * keeps strokes by id.
   */
  private cursorUs: number | null = null;
  /** A step failed: the next run starts again from the stored state (the worker may have died). */
  private broken = false;
  readonly stats: CellStats = {
    steps: 0,
    lastMs: 0,
    maxMs: 0,
    cells: 0,
    strokes: 0,
    radarObjects: null,
    radarMs: 0,
  };

  constructor(
    private readonly d: {
      db: Database;
      repo: CellsRepo;
      /** Radar frames: the newest reflectivity frame before each step. */
      radar: Pick<RadarRepo, 'newestReflectivity'>;
      runner: () => CellRunner;
      now: () => Date;
      log: FastifyBaseLogger;
      /** Whether to step by the clock (tests step with `runDue`). */
      timer?: boolean;
      /** Told of each committed step (the warning engine, wherever it runs, evaluates predictions). */
      signals?: Pick<ClusterSignals, 'notify'>;
      /** Past hours stepped again (late and imported strokes), in the same terms as the live steps. */
      restep?: CellRestep;
      /** Asks for hours to be stepped again (the minutes a down tracker never stepped). */
      restepRepo?: Pick<CellRestepRepo, 'request'>;
    },
  ) {}

  /**
   * Begins a term. The rebuild (reading up to 40 min of strokes, replaying up to 30 steps) runs in the
   * background, so that it never holds up the server's start; `runDue` waits for it.
   */
  async start(lease: Lease): Promise<void> {
    this.lease = lease;
    this.enqueue(() => this.begin());
    if (this.d.timer !== false) this.schedule();
    this.d.restep?.start(lease);
  }

  /** The re-step of past hours run beside the live steps (tests drive it with `runPending`). */
  get restep(): CellRestep | undefined {
    return this.d.restep;
  }

  /** Loads the stored state into a new runner and replays the minutes missed since. */
  private async begin(): Promise<void> {
    await this.runner?.close();
    const runner = this.d.runner();
    this.runner = runner;
    const due = this.dueMs();
    const state = await this.d.repo.loadState();
    const usable = state?.timeMs != null && state.timeMs > due - REBUILD_MIN * MIN_MS ? state : null;
    const first = usable ? (usable.timeMs as number) + MIN_MS : due - (REBUILD_MIN - 1) * MIN_MS;
    if (state?.timeMs != null && !usable) await this.requestGap(state.timeMs, first);
    runner.reset(usable);
    this.lastStepMs = first - MIN_MS;
    this.cursorUs = null;
    const strokes = await this.read(runner, first - READ_BACK_MS);
    // Without a state, strokes or radar there is nothing to rebuild: the clock's first step starts.
    if (usable || strokes > 0 || (await this.radarFor(due, first))) {
      for (let t = first; t <= due; t += MIN_MS) await this.stepAt(t, false);
    }
    this.lastStepMs = Math.max(this.lastStepMs, due);
    this.broken = false;
  }

  /**
   * The tracker was down from `lastMs` until the rebuild's `first` minute: the hours between (at most the
   * last 31 days) are asked to be stepped again; those without strokes, cells or radar finish at once.
   */
  private async requestGap(lastMs: number, first: number): Promise<void> {
    if (!this.d.restepRepo) return;
    const from = Math.max(blockOf(lastMs + MIN_MS), blockOf(first - GAP_MAX_MS));
    const blocks: number[] = [];
    for (let b = from; b <= blockOf(first - MIN_MS); b += RESTEP.blockMs) blocks.push(b);
    await this.d.restepRepo.request(blocks, this.d.now());
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.lease = null;
    await this.d.restep?.stop();
    await this.queue;
    await this.runner?.close();
    this.runner = null;
  }

  /**
   * Runs the steps that are due by the clock (the timer does this every minute); resolves when they are
   * written or failed (a failure is logged, and the next run starts again from the stored state).
   */
  runDue(): Promise<void> {
    return this.enqueue(async () => {
      if (this.broken || !this.runner || this.lastStepMs === null) return this.begin();
      const due = this.dueMs();
      for (let t = this.lastStepMs + MIN_MS; t <= due; t += MIN_MS) await this.stepAt(t, true);
    });
  }

  /** Work of this term, one piece at a time; a failure is logged and makes the next run start afresh. */
  private enqueue(work: () => Promise<void>): Promise<void> {
    this.queue = this.queue
      .then(() => (this.lease ? work() : undefined))
      .catch((error: unknown) => {
        this.broken = true;
        this.d.log.error({ err: error }, 'cell tracker step failed');
      });
    return this.queue;
  }

  /** The newest whole minute whose step may run now. */
  private dueMs(): number {
    return Math.floor((this.d.now().getTime() - CELL_STEP_DELAY_MS) / MIN_MS) * MIN_MS;
  }

  private async stepAt(t: number, read: boolean): Promise<void> {
    const runner = this.runner;
    const lease = this.lease;
    if (!runner || !lease) return;
    if (read) await this.read(runner, t - READ_BACK_MS);
    // A minute passed over (a step failed, or steps were already stored past it) is not stepped again.
    this.lastStepMs = t;
    const result: CellStepResult = await runner.step(t, await this.radarFor(t));
    if (result.radarError) this.d.log.warn({ err: result.radarError }, 'cell tracker step without its radar');
    await this.d.db.transaction(async (tx) => {
      await lease.check(tx);
      await this.d.repo.saveStep(tx, t, result.features, result.state);
    });
    // A lost signal costs a minute at most: the engine also looks for new steps once a minute.
    this.d.signals?.notify(CHANNELS.cells, String(t)).catch((error: unknown) => {
      this.d.log.warn({ err: error }, 'could not signal a cell tracker step');
    });
    this.stats.steps++;
    this.stats.lastMs = result.ms;
    this.stats.maxMs = Math.max(this.stats.maxMs, result.ms);
    this.stats.cells = result.features.length;
    this.stats.strokes = result.strokes;
    this.stats.radarObjects = result.radarObjects;
    this.stats.radarMs = result.radarMs;
  }

  /**
   * Gives the runner the strokes with `time > fromMs` received since the last read (all of them after a
   * reset) up to the log's head, a page at a time, as many as counted first (never more than the window's:
   * strokes received later wait for the next read); moves the cursor to that head. How many were read.
   * A stroke's place in the window is its time, whenever it came: the worker sorts them at each step.
   */
  private async read(runner: CellRunner, fromMs: number): Promise<number> {
    const head = await this.d.repo.logHead();
    if (head === null || (this.cursorUs !== null && head <= this.cursorUs)) return 0;
    const from = new Date(fromMs);
    const count = await this.d.repo.countArrived(this.cursorUs, head, from);
    let page: StrokeLogPosition | null = null;
    let read = 0;
    while (read < count) {
      const limit = Math.min(READ_PAGE, count - read);
      const r = await this.d.repo.arrived(this.cursorUs, head, from, page, limit);
      if (r.strokes.length > 0) runner.add(r.strokes);
      read += r.strokes.length;
      page = r.last;
      // Fewer than counted: some were deleted meanwhile (retention).
      if (r.strokes.length < limit) break;
    }
    this.cursorUs = head;
    return read;
  }

  /** The newest reflectivity frame at most 10 min before `t` (and, in a rebuild, not before `from`). */
  private async radarFor(t: number, from = t): Promise<CellRadarFrame | null> {
    const row = await this.d.radar.newestReflectivity(new Date(t), new Date(from - TRACKER.radarMaxAgeMs));
    return row ? cellRadarFrameOf(row) : null;
  }

  /**
   * Runs at once the steps due by the clock and times the next from it, on the node holding the lease (a
   * no-op elsewhere): for a clock that was moved forward, as the browser tests do.
   */
  async catchUp(): Promise<void> {
    if (!this.lease) return;
    await this.runDue();
    if (this.lease && this.d.timer !== false) this.schedule();
  }

  private schedule(): void {
    // One timer at a time: a step that ends re-arms it, and so may `catchUp`.
    if (this.timer) clearTimeout(this.timer);
    const now = this.d.now().getTime();
    const next = Math.floor(now / MIN_MS) * MIN_MS + MIN_MS + CELL_STEP_DELAY_MS;
    this.timer = setTimeout(() => {
      void this.runDue().finally(() => {
        if (this.lease) this.schedule();
      });
    }, next - now);
    this.timer.unref();
  }
}
