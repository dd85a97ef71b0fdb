import type { Queryable } from '../../../db/database.js';

const DAY_MS = 86_400_000;

/** `strokes_20260712` for the UTC day containing `epochMs`. */
export function partitionName(dayStartMs: number, table = 'strokes'): string {
  return `${table}_${new Date(dayStartMs).toISOString().slice(0, 10).replaceAll('-', '')}`;
}

export function dayStart(epochMs: number): number {
  return Math.floor(epochMs / DAY_MS) * DAY_MS;
}

/**
 * Daily partitions of the strokes table (or another table partitioned by `time` the same way: the weather
 * observations, the wave readings): created on demand before a batch is written (remembered, so the common
 * case costs nothing), dropped whole by retention.
 */
export class StrokePartitions {
  private readonly known = new Set<number>();

  /** `table` is a name of our own migrations, never input. */
  constructor(private readonly table = 'strokes') {}

  async ensure(db: Queryable, epochMs: Iterable<number>): Promise<void> {
    const days = new Set<number>();
    for (const t of epochMs) {
      const d = dayStart(t);
      if (!this.known.has(d)) days.add(d);
    }
    for (const d of days) {
      const from = new Date(d).toISOString();
      const to = new Date(d + DAY_MS).toISOString();
      try {
        await db.query(
          `CREATE TABLE IF NOT EXISTS ${partitionName(d, this.table)} PARTITION OF ${this.table} FOR VALUES FROM ('${from}') TO ('${to}')`,
        );
      } catch (error) {
        // Another node or batch created it between our IF NOT EXISTS check and the CREATE (PostgreSQL says
        // so as a duplicate relation, or as a duplicate row type when both CREATEs ran at once).
        const code = (error as { code?: string }).code;
        if (code !== '42P07' && code !== '23505') throw error;
      }
      this.known.add(d);
    }
  }

  /** Drops every daily partition that ends before `beforeMs`; returns the dropped names. */
  async dropBefore(db: Queryable, beforeMs: number): Promise<string[]> {
    const r = await db.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = $1 ORDER BY 1`,
      [this.table],
    );
    const dropped: string[] = [];
    for (const { name } of r.rows) {
      const m = /_(\d{4})(\d{2})(\d{2})$/.exec(name);
      if (!m) continue;
      const end = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) + DAY_MS;
      if (end > beforeMs) continue;
      await db.query(`DROP TABLE IF EXISTS ${name}`);
      this.known.delete(end - DAY_MS);
      dropped.push(name);
    }
    return dropped;
  }
}
