import type { CellTrackerState } from '@thunderwatch/domain/cells/cell-tracker';
import type { Database, Queryable } from '../../../db/database.js';

/** One hour of tracker steps to run again (`cell_restep_blocks`, migration 045). */
export interface RestepBlockRow {
  block: Date;
  requested: number;
  requested_at: Date;
  done: number;
  started_at: Date | null;
  finished_at: Date | null;
  through: Date | null;
  steps: number;
  strokes: number | null;
  error: string | null;
}

const COLUMNS =
  'block, requested, requested_at, done, started_at, finished_at, through, steps, strokes, error';

/**
 * Asks, with `tx` (the transaction storing the strokes), for the hours starting at `blocks` (epoch ms) to be
 * stepped again. Rows are touched in time order, so two inserts never wait on each other crosswise.
 */
export async function requestRestep(tx: Queryable, blocks: readonly number[], at: Date): Promise<void> {
  if (blocks.length === 0) return;
  await tx.query(
    `INSERT INTO cell_restep_blocks (block, requested, requested_at)
     SELECT 'epoch'::timestamptz + b * interval '1 millisecond', 1, $2 FROM unnest($1::float8[]) AS u(b) ORDER BY b
     ON CONFLICT (block) DO UPDATE SET requested = cell_restep_blocks.requested + 1,
       requested_at = GREATEST(cell_restep_blocks.requested_at, EXCLUDED.requested_at)`,
    [[...blocks].sort((a, b) => a - b), at],
  );
}

/** The hours to step again, their progress, and the end state each leaves to the next. */
export class CellRestepRepo {
  constructor(private readonly db: Database) {}

  request(blocks: readonly number[], at: Date, tx: Queryable = this.db): Promise<void> {
    return requestRestep(tx, blocks, at);
  }

  /** The oldest pending hour at or before `lastDue` (epoch ms), if any. */
  async nextPending(lastDue: number): Promise<RestepBlockRow | null> {
    const r = await this.db.query<RestepBlockRow>(
      `SELECT ${COLUMNS} FROM cell_restep_blocks WHERE requested > done AND block <= $1 ORDER BY block LIMIT 1`,
      [new Date(lastDue)],
    );
    return r.rows[0] ?? null;
  }

  /** Marks a run begun; how many strokes it will read. */
  async begin(tx: Queryable, block: number, at: Date, strokes: number): Promise<void> {
    await tx.query(
      `UPDATE cell_restep_blocks SET started_at = $2, finished_at = NULL, through = NULL, steps = 0, strokes = $3,
         error = NULL WHERE block = $1`,
      [new Date(block), at, strokes],
    );
  }

  /** Progress after a minute (with its step's write, when it had one). */
  async progress(tx: Queryable, block: number, through: number, stepped: boolean): Promise<void> {
    await tx.query(`UPDATE cell_restep_blocks SET through = $2, steps = steps + $3 WHERE block = $1`, [
      new Date(block),
      new Date(through),
      stepped ? 1 : 0,
    ]);
  }

  /**
   * Ends a run begun from `requested`; keeps the end state for the next hour. When that state changed and
   * the next hour was re-stepped before, the next hour is asked again (it continues from this one).
   */
  async finish(
    tx: Queryable,
    block: number,
    requested: number,
    at: Date,
    endState: CellTrackerState | null,
    nextBlock: number,
  ): Promise<void> {
    const r = await tx.query<{ changed: boolean }>(
      `WITH old AS (SELECT end_state FROM cell_restep_blocks WHERE block = $1)
       UPDATE cell_restep_blocks b SET done = $2, finished_at = $3, end_state = $4::jsonb
       FROM old WHERE b.block = $1
       RETURNING (old.end_state IS DISTINCT FROM $4::jsonb) AS changed`,
      [new Date(block), requested, at, endState === null ? null : JSON.stringify(endState)],
    );
    if (r.rows[0]?.changed) {
      await tx.query(
        `UPDATE cell_restep_blocks SET requested = requested + 1, requested_at = $2 WHERE block = $1 AND done > 0`,
        [new Date(nextBlock), at],
      );
    }
  }

  async fail(block: number, at: Date, error: string): Promise<void> {
    await this.db.query('UPDATE cell_restep_blocks SET finished_at = $2, error = $3 WHERE block = $1', [
      new Date(block),
      at,
      error.slice(0, 1000),
    ]);
  }

  /** The end state of the hour before, when it was re-stepped (the hour continues from it). */
  async endStateBefore(block: number, blockMs: number): Promise<CellTrackerState | null> {
    const r = await this.db.query<{ end_state: CellTrackerState | null }>(
      'SELECT end_state FROM cell_restep_blocks WHERE block = $1 AND done > 0',
      [new Date(block - blockMs)],
    );
    return r.rows[0]?.end_state ?? null;
  }

  /** Strokes with `from < time <= to` (the count a run budgets its pages from). */
  async countStrokes(from: Date, to: Date): Promise<number> {
    const r = await this.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM strokes WHERE time > $1 AND time <= $2',
      [from, to],
    );
    return r.rows[0]?.n ?? 0;
  }

  /** Pending hours, and the most recently requested ones with their progress (newest first). */
  async status(limit: number): Promise<{ pending: number; items: RestepBlockRow[] }> {
    const pending = await this.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM cell_restep_blocks WHERE requested > done',
    );
    const r = await this.db.query<RestepBlockRow>(
      `SELECT ${COLUMNS} FROM cell_restep_blocks ORDER BY (requested > done) DESC, block DESC LIMIT $1`,
      [limit],
    );
    return { pending: pending.rows[0]?.n ?? 0, items: r.rows };
  }
}
