import type { Queryable } from '../../../../db/database.js';
import type { DigestFacts } from '../channels/delivery-channel.js';

/** One recipient's window of the budget: a channel, the SHA-256 of its address, the window's start. */
export interface BudgetSlot {
  channel: string;
  targetHash: string;
  windowStart: Date;
}

const slotKey = (s: BudgetSlot) => `${s.channel}|${s.targetHash}|${s.windowStart.toISOString()}`;

/** SQL of the per-recipient budget: how much of each window is used, and folding deliveries into digests. */
export class DeliveryBudgetRepo {
  /**
   * Locks the slots' rows (creating them at 0) until the caller's transaction ends, and returns how much of
   * each is used. Another node planning for the same recipient waits here and then reads what this one
   * wrote: the count is never raced. The rows are taken in one order, so two planners never deadlock.
   */
  async lock(tx: Queryable, slots: readonly BudgetSlot[]): Promise<Map<string, number>> {
    if (slots.length === 0) return new Map();
    const sorted = [...slots].sort((a, b) => slotKey(a).localeCompare(slotKey(b)));
    const { rows } = await tx.query<{
      channel: string;
      target_hash: string;
      window_start: Date;
      used: number;
    }>(
      `INSERT INTO delivery_budget (channel, target_hash, window_start, used)
       SELECT channel, target_hash, window_start, 0
       FROM unnest($1::text[], $2::text[], $3::timestamptz[]) WITH ORDINALITY AS x(channel, target_hash, window_start, n)
       ORDER BY n
       ON CONFLICT (channel, target_hash, window_start) DO UPDATE SET used = delivery_budget.used
       RETURNING channel, target_hash, window_start, used`,
      [sorted.map((s) => s.channel), sorted.map((s) => s.targetHash), sorted.map((s) => s.windowStart)],
    );
    return new Map(
      rows.map((r) => [
        slotKey({ channel: r.channel, targetHash: r.target_hash, windowStart: r.window_start }),
        r.used,
      ]),
    );
  }

  async setUsed(tx: Queryable, slots: readonly (BudgetSlot & { used: number })[]): Promise<void> {
    if (slots.length === 0) return;
    await tx.query(
      `UPDATE delivery_budget b SET used = x.used
       FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::int[]) AS x(channel, target_hash, window_start, used)
       WHERE b.channel = x.channel AND b.target_hash = x.target_hash AND b.window_start = x.window_start`,
      [
        slots.map((s) => s.channel),
        slots.map((s) => s.targetHash),
        slots.map((s) => s.windowStart),
        slots.map((s) => s.used),
      ],
    );
  }

  /** The digest with this key while it is still waiting to go (locked until the transaction ends). */
  async pendingDigest(tx: Queryable, key: string): Promise<{ id: number; payload: DigestFacts } | null> {
    const { rows } = await tx.query<{ id: string; digest: DigestFacts }>(
      `SELECT id, payload -> 'digest' AS digest FROM deliveries
       WHERE idempotency_key = $1 AND status = 'pending' FOR UPDATE`,
      [key],
    );
    const row = rows[0];
    return row ? { id: Number(row.id), payload: row.digest } : null;
  }

  async updateDigest(tx: Queryable, id: number, digest: DigestFacts, level: number | null): Promise<void> {
    await tx.query(
      `UPDATE deliveries SET payload = jsonb_build_object('event', 'digest', 'digest', $2::jsonb),
         level = GREATEST(level, $3::smallint)
       WHERE id = $1`,
      [id, JSON.stringify(digest), level],
    );
  }

  /** Deliveries told by a digest instead of one by one: finished as 'folded', pointing at it. */
  async fold(tx: Queryable, folds: readonly { id: number; digestId: number; at: Date }[]): Promise<void> {
    if (folds.length === 0) return;
    await tx.query(
      `UPDATE deliveries d SET status = 'folded', digest_id = x.digest_id, finished_at = x.at, lease_until = NULL
       FROM unnest($1::bigint[], $2::bigint[], $3::timestamptz[]) AS x(id, digest_id, at)
       WHERE d.id = x.id`,
      [folds.map((f) => f.id), folds.map((f) => f.digestId), folds.map((f) => f.at)],
    );
  }
}

export { slotKey };
