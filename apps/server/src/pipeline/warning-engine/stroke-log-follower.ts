import type { StrokeRow } from '../../modules/lightning/strokes/stroke-row.js';

const PAGE = 20_000;

interface Heard {
  us: number;
  atMs: number;
}

/**
 * The warning engine's reading of the stroke log (the strokes table in the order the strokes were received,
 * see `StrokesRepo.insert`): from the stored watermark at start, then whenever it is woken (a batch was
 * committed on any node) or polled. Whatever node ingested a stroke, the engine applies it once, in order.
 */
export class StrokeLogFollower {
  private cursorUs = 0;
  private draining = false;
  /** The oldest and the newest batch heard of and not applied yet, with when they were heard of. */
  private oldestWaiting: Heard | null = null;
  private newestWaiting: Heard | null = null;

  constructor(
    private readonly d: {
      strokesAfter(afterUs: number, limit: number): Promise<StrokeRow[]>;
      /** The newest position, where a first start begins. */
      logHead(): Promise<number>;
      /** Applies strokes; `atMs` is the instant they are applied at (null: now). */
      apply(rows: readonly StrokeRow[], atMs: number | null): Promise<void>;
      /** Runs work on the engine's one queue. */
      enqueue(work: () => Promise<void>): Promise<void>;
      now: () => number;
    },
  ) {}

  /**
   * Catches up from the watermark (or the log's head on a first start): each ingest batch is applied at the
   * instant it was received, as the engine would have applied it had it been running, so countdowns come
   * out exactly as they would have.
   */
  async catchUp(watermarkUs: number | null): Promise<void> {
    this.cursorUs = watermarkUs ?? (await this.d.logHead());
    for (;;) {
      const rows = await this.d.strokesAfter(this.cursorUs, PAGE);
      if (rows.length === 0) return;
      const nowMs = this.d.now();
      let start = 0;
      for (let i = 1; i <= rows.length; i++) {
        const at = rows[start]?.received_us;
        if (i < rows.length && rows[i]?.received_us === at) continue;
        const batch = rows.slice(start, i);
        const receivedMs = (batch[0] as StrokeRow & { received_at: Date }).received_at.getTime();
        this.moveTo(at as number);
        await this.d.apply(batch, Math.min(receivedMs, nowMs));
        start = i;
      }
      if (rows.length < PAGE) return;
    }
  }

  /**
   * The log may have grown: read on once the engine is free (wake-ups meanwhile are taken together). With
   * the position of a new batch, a batch already read is ignored and the wait counts as lag; without one
   * (a poll) the log is read in case a wake-up was lost.
   */
  wake(receivedUs?: number): void {
    if (receivedUs !== undefined) {
      if (receivedUs <= this.cursorUs) return;
      const heard = { us: receivedUs, atMs: this.d.now() };
      this.oldestWaiting ??= heard;
      if (!this.newestWaiting || receivedUs > this.newestWaiting.us) this.newestWaiting = heard;
    }
    if (this.draining) return;
    this.draining = true;
    void this.d.enqueue(async () => {
      this.draining = false;
      await this.follow();
    });
  }

  /** How long the oldest wake-up has waited to be followed (0: caught up). */
  lagMs(): number {
    return this.oldestWaiting ? Math.max(0, this.d.now() - this.oldestWaiting.atMs) : 0;
  }

  private moveTo(us: number): void {
    this.cursorUs = us;
    if (this.newestWaiting && this.newestWaiting.us <= us) this.oldestWaiting = this.newestWaiting = null;
    // Partly caught up: what is left waits at most since the newest was heard of.
    else if (this.oldestWaiting && this.oldestWaiting.us <= us) this.oldestWaiting = this.newestWaiting;
  }

  /** Everything after the cursor, applied now, a page per step (what piled up is one transaction). */
  private async follow(): Promise<void> {
    for (;;) {
      const rows = await this.d.strokesAfter(this.cursorUs, PAGE);
      const last = rows[rows.length - 1];
      if (!last) return;
      // The cursor moves before the write: a failed write is retried from the engine's pending updates,
      // and reading the rows again would count their strokes twice.
      this.moveTo(last.received_us as number);
      await this.d.apply(rows, null);
      if (rows.length < PAGE) return;
    }
  }
}
