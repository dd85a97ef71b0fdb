import {
  SENSOR_ELEMENTS,
  type SensorElementName,
  type SensorKind,
} from '@thunderwatch/shared/schemas/sensors';
import type { Database, Queryable } from '../../db/database.js';
import type { StrokePartitions } from '../lightning/strokes/partitions.js';

/** Elements rolled up per minute (all but wind direction), as `sensor_minutes.element` numbers them. */
export const ROLLED_UP: readonly SensorElementName[] = SENSOR_ELEMENTS.filter((e) => e !== 'wind_dir');
const COLS = SENSOR_ELEMENTS.join(', ');
/** Pages count their rows up to this many; beyond, `total` says "at least". */
export const COUNT_CAP = 100_000;

export interface SensorReadingInput {
  sensor: string;
  timeMs: number;
  values: readonly (number | null)[];
}

export interface PointRow {
  time: Date;
  n: number;
  sum: number;
  min: number;
  max: number;
}

export interface ReadingPageRow {
  sensor_id: string;
  time: Date;
  values: (number | null)[];
}

const col = (e: SensorElementName) => {
  if (!SENSOR_ELEMENTS.includes(e)) throw new Error(`no sensor element ${e}`);
  return e;
};

/**
 * Sensor readings in day partitions and their per-minute rollups, both written by one statement so a
 * stored reading is always counted in its minute. `readings` and `minutes` partitions are ensured together.
 */
export class SensorReadingsRepo {
  constructor(
    private readonly db: Database,
    readonly readings: StrokePartitions,
    readonly minutes: StrokePartitions,
  ) {}

  /** Call before the transaction that writes (see ReadingsRepo.preparePartitions for why). */
  async preparePartitions(timesMs: readonly number[]): Promise<void> {
    await this.readings.ensure(this.db, timesMs);
    await this.minutes.ensure(this.db, timesMs);
  }

  /**
   * Stores the readings not stored yet and adds them to their minutes' rollups; returns how many were new.
   * Arrays travel as literals built with a native join (ids are plain `[A-Za-z0-9_.-]`), as ReadingsRepo's.
   */
  async insert(rows: readonly SensorReadingInput[], source: string, tx: Queryable): Promise<number> {
    if (rows.length === 0) return 0;
    const list = (f: (r: SensorReadingInput) => string | number | null) =>
      `{${rows.map((r) => f(r) ?? 'NULL').join(',')}}`;
    const params: unknown[] = [list((r) => r.sensor), list((r) => r.timeMs * 1000)];
    SENSOR_ELEMENTS.forEach((_, i) => {
      params.push(list((r) => r.values[i] ?? null));
    });
    params.push(source);
    const n = SENSOR_ELEMENTS.length;
    const arrays = SENSOR_ELEMENTS.map((_, i) => `$${i + 3}::real[]`).join(', ');
    const lateral = ROLLED_UP.map((e) => `(${SENSOR_ELEMENTS.indexOf(e)}, ${e})`).join(', ');
    const r = await tx.query<{ stored: number }>(
      `WITH ins AS (
         INSERT INTO sensor_readings (sensor_id, time, ${COLS}, source)
         SELECT sensor_id, 'epoch'::timestamptz + us * interval '1 microsecond', ${COLS}, $${n + 3}
         FROM unnest($1::text[], $2::bigint[], ${arrays}) AS u(sensor_id, us, ${COLS})
         ON CONFLICT (sensor_id, time) DO NOTHING
         RETURNING sensor_id, time, ${COLS}
       ), rolled AS (
         INSERT INTO sensor_minutes AS m (sensor_id, element, time, n, sum, min, max)
         SELECT sensor_id, e.el, date_trunc('minute', time), count(*), sum(e.v), min(e.v), max(e.v)
         FROM ins CROSS JOIN LATERAL (VALUES ${lateral}) AS e(el, v)
         WHERE e.v IS NOT NULL
         GROUP BY sensor_id, e.el, date_trunc('minute', time)
         ORDER BY sensor_id, e.el, date_trunc('minute', time)
         ON CONFLICT (sensor_id, element, time) DO UPDATE SET
           n = m.n + EXCLUDED.n, sum = m.sum + EXCLUDED.sum,
           min = LEAST(m.min, EXCLUDED.min), max = GREATEST(m.max, EXCLUDED.max)
         RETURNING 1
       )
       SELECT (SELECT count(*) FROM ins)::int AS stored, (SELECT count(*) FROM rolled)::int AS minutes`,
      params,
    );
    return r.rows[0]?.stored ?? 0;
  }

  /** Readings of one element over [from, to), at most `limit` (each as a point of n = 1). */
  async raw(
    id: string,
    element: SensorElementName,
    from: Date,
    to: Date,
    limit: number,
  ): Promise<PointRow[]> {
    const c = col(element);
    const r = await this.db.query<PointRow>(
      `SELECT time, 1 AS n, ${c} AS sum, ${c} AS min, ${c} AS max FROM sensor_readings
       WHERE sensor_id = $1 AND time >= $2 AND time < $3 AND ${c} IS NOT NULL
       ORDER BY time LIMIT $4::int`,
      [id, from, to, limit],
    );
    return r.rows;
  }

  /**
   * How many readings of a rolled-up element lie in [from, to), from the rollups, counted exactly up to
   * `cap`: each minute row holds at least one reading, so the first `cap + 1` rows already exceed it.
   */
  async count(id: string, element: SensorElementName, from: Date, to: Date, cap: number): Promise<number> {
    const r = await this.db.query<{ n: string | null }>(
      `SELECT sum(n) AS n FROM (SELECT n FROM sensor_minutes
       WHERE sensor_id = $1 AND element = $2 AND time >= $3 AND time < $4 LIMIT $5::int) x`,
      [id, ROLLED_UP.includes(element) ? SENSOR_ELEMENTS.indexOf(element) : -1, from, to, cap + 1],
    );
    return Number(r.rows[0]?.n ?? 0);
  }

  /** The minutes' rollups merged into buckets of `intervalSec` (a multiple of 60) from the epoch. */
  async rollups(
    id: string,
    element: SensorElementName,
    from: Date,
    to: Date,
    intervalSec: number,
  ): Promise<PointRow[]> {
    const r = await this.db.query<PointRow>(
      `SELECT date_bin(make_interval(secs => $5), time, timestamptz 'epoch') AS time,
              sum(n)::int AS n, sum(sum) AS sum, min(min) AS min, max(max) AS max
       FROM sensor_minutes
       WHERE sensor_id = $1 AND element = $2 AND time >= $3 AND time < $4
       GROUP BY 1 ORDER BY 1`,
      [id, SENSOR_ELEMENTS.indexOf(element), from, to, intervalSec],
    );
    return r.rows;
  }

  /** A page of raw readings of the group's sensors, newest first, with a count capped at COUNT_CAP. */
  async page(q: {
    groupId: number | null;
    ids: readonly string[] | null;
    kind: SensorKind | null;
    from: Date;
    to: Date;
    limit: number;
    offset: number;
  }): Promise<{ rows: ReadingPageRow[]; total: number }> {
    const where = `FROM sensor_readings r JOIN sensors s ON s.id = r.sensor_id
       WHERE ($1::bigint IS NULL OR s.group_id = $1) AND ($2::text[] IS NULL OR r.sensor_id = ANY($2::text[]))
         AND ($3::text IS NULL OR s.kind = $3) AND r.time >= $4 AND r.time < $5`;
    const params = [q.groupId, q.ids, q.kind, q.from, q.to];
    const rows = await this.db.query<ReadingPageRow>(
      `SELECT r.sensor_id, r.time, ARRAY[${SENSOR_ELEMENTS.map((e) => `r.${e}`).join(', ')}] AS values
       ${where} ORDER BY r.time DESC, r.sensor_id LIMIT $6::int OFFSET $7::int`,
      [...params, q.limit, q.offset],
    );
    const total = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 ${where} LIMIT ${COUNT_CAP}) x`,
      params,
    );
    return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
  }
}
