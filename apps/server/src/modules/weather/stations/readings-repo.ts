import type { Database, Queryable } from '../../../db/database.js';
import type { StrokePartitions } from '../../lightning/strokes/partitions.js';

/** A station's reading at a time: one value (or null) per column of the table, in the table's order. */
export interface ReadingRow {
  stationId: string;
  timeMs: number;
  values: readonly (number | null)[];
}

export interface LatestRow {
  station_id: string;
  time: Date;
  values: (number | null)[];
}

/**
 * The SQL of a table of station readings partitioned by day (`observations`, `wave_readings`): one row per
 * station and time, a corrected reading replacing the stored one. `table` and `columns` are names from our
 * own migrations, never input.
 */
export class ReadingsRepo<C extends string> {
  constructor(
    private readonly db: Database,
    private readonly table: string,
    private readonly columns: readonly C[],
    readonly partitions: StrokePartitions,
  ) {}

  /**
   * Creates the day partitions the times fall in. Call it before the transaction that writes them: a
   * partition another batch is creating at the same moment makes our CREATE fail, which would abort that
   * transaction (and the embedded database has one connection, which the transaction holds).
   */
  async preparePartitions(timesMs: Iterable<number>): Promise<void> {
    await this.partitions.ensure(this.db, timesMs);
  }

  /**
   * Writes the rows (at most one per station and time) in one statement inside `tx`. Numbers travel as
   * array literals built with a native join: node-postgres would escape every element, and station ids are
   * plain (`[A-Za-z0-9_.-]`).
   */
  /** Call `preparePartitions` first. */
  async insert(rows: readonly ReadingRow[], source: string, tx: Queryable): Promise<number> {
    if (rows.length === 0) return 0;
    const list = (f: (r: ReadingRow) => string | number | null) =>
      `{${rows.map((r) => f(r) ?? 'NULL').join(',')}}`;
    const params: unknown[] = [list((r) => r.stationId), list((r) => r.timeMs * 1000)];
    this.columns.forEach((_, i) => {
      params.push(list((r) => r.values[i] ?? null));
    });
    params.push(source);
    const n = this.columns.length;
    const cols = this.columns.join(', ');
    const arrays = this.columns.map((_, i) => `$${i + 3}::real[]`).join(', ');
    const r = await tx.query(
      `INSERT INTO ${this.table} (station_id, time, ${cols}, source)
       SELECT station_id, 'epoch'::timestamptz + us * interval '1 microsecond', ${cols}, $${n + 3}
       FROM unnest($1::text[], $2::bigint[], ${arrays}) AS u(station_id, us, ${cols})
       ON CONFLICT (station_id, time) DO UPDATE SET
         ${this.columns.map((c) => `${c} = EXCLUDED.${c}`).join(', ')},
         source = EXCLUDED.source, received_at = now()`,
      params,
    );
    return r.rowCount ?? rows.length;
  }

  /** One column's values of the stations over [from, to), in time order. */
  async series(
    stationIds: readonly string[],
    column: C,
    from: Date,
    to: Date,
  ): Promise<{ station_id: string; time: Date; value: number }[]> {
    const r = await this.db.query<{ station_id: string; time: Date; value: number }>(
      `SELECT station_id, time, ${this.col(column)} AS value FROM ${this.table}
       WHERE station_id = ANY($1::text[]) AND time >= $2 AND time < $3 AND ${this.col(column)} IS NOT NULL
       ORDER BY station_id, time`,
      [stationIds, from, to],
    );
    return r.rows;
  }

  /** Every column of the stations' readings over [from, to), by station then time, at most `limit`. */
  async rows(stationIds: readonly string[], from: Date, to: Date, limit: number): Promise<LatestRow[]> {
    const r = await this.db.query<LatestRow>(
      `SELECT station_id, time, ARRAY[${this.columns.join(', ')}] AS values FROM ${this.table}
       WHERE station_id = ANY($1::text[]) AND time >= $2 AND time < $3
       ORDER BY station_id, time LIMIT $4::int`,
      [stationIds, from, to, limit],
    );
    return r.rows;
  }

  /** Every column of each station's latest reading in (from, at]. */
  async latest(stationIds: readonly string[], from: Date, at: Date): Promise<LatestRow[]> {
    const r = await this.db.query<LatestRow>(
      `SELECT DISTINCT ON (station_id) station_id, time, ARRAY[${this.columns.join(', ')}] AS values
       FROM ${this.table}
       WHERE station_id = ANY($3::text[]) AND time > $1 AND time <= $2
       ORDER BY station_id, time DESC`,
      [from, at, stationIds],
    );
    return r.rows;
  }

  private col(column: C): string {
    if (!this.columns.includes(column)) throw new Error(`${this.table} has no column ${column}`);
    return column;
  }
}
