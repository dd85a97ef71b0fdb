import type { ParsedStroke } from '@thunderwatch/domain/lightning/stroke';
import type { Database, Queryable } from '../../../db/database.js';
import type { StrokePartitions } from './partitions.js';
import { microIso, RECEIVED_COLUMNS, STROKE_COLUMNS, STROKES_CHANNEL, type StrokeRow } from './stroke-row.js';

/**
 * Rows read per statement when listing: a page of 100,000 strokes is read in chunks after one another, so
 * the database side (the embedded database's thread above all) never holds more than this at once.
 */
export const LIST_CHUNK = 10_000;

export interface StrokeFilter {
  from: Date;
  to: Date;
  bbox?: { west: number; south: number; east: number; north: number };
  near?: { lat: number; lon: number; radiusKm: number };
  type?: 'CG' | 'IC';
  minKa?: number;
  maxKa?: number;
}

/** Builds the WHERE clause of a stroke filter; `params` receives the values. */
export function strokeWhere(f: StrokeFilter, params: unknown[]): string {
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const clauses = [`time >= ${p(f.from)}`, `time < ${p(f.to)}`];
  const box = f.bbox ?? (f.near ? boxAround(f.near) : undefined);
  if (box) {
    clauses.push(`lat BETWEEN ${p(box.south)} AND ${p(box.north)}`);
    // A box across the antimeridian has west > east.
    clauses.push(
      box.west <= box.east
        ? `lon BETWEEN ${p(box.west)} AND ${p(box.east)}`
        : `(lon >= ${p(box.west)} OR lon <= ${p(box.east)})`,
    );
  }
  if (f.near) {
    const [lat, lon] = [p(f.near.lat), p(f.near.lon)];
    clauses.push(
      `2 * 6371.0088 * asin(sqrt(power(sin(radians(lat - ${lat}) / 2), 2) + cos(radians(${lat})) * cos(radians(lat)) * power(sin(radians(lon - ${lon}) / 2), 2))) <= ${p(f.near.radiusKm)}`,
    );
  }
  if (f.type) clauses.push(`is_ic = ${p(f.type === 'IC')}`);
  if (f.minKa !== undefined) clauses.push(`abs(peak_ka) >= ${p(f.minKa)}`);
  if (f.maxKa !== undefined) clauses.push(`abs(peak_ka) <= ${p(f.maxKa)}`);
  return clauses.join(' AND ');
}

/** The lat/lon box that holds a circle: the cheap prefilter before the exact distance. */
export function boxAround(c: { lat: number; lon: number; radiusKm: number }) {
  const dLat = c.radiusKm / 111.19;
  const cos = Math.cos((c.lat * Math.PI) / 180);
  const dLon = cos < 1e-6 ? 180 : Math.min(180, c.radiusKm / (111.19 * cos));
  const wrap = (x: number) => ((((x + 180) % 360) + 360) % 360) - 180;
  return {
    south: Math.max(-90, c.lat - dLat),
    north: Math.min(90, c.lat + dLat),
    west: dLon >= 180 ? -180 : wrap(c.lon - dLon),
    east: dLon >= 180 ? 180 : wrap(c.lon + dLon),
  };
}

/** A stroke as the models read it: numbers only. */
export interface StrokePoint {
  timeMs: number;
  lat: number;
  lon: number;
  peakKa: number;
  flashId: number | null;
}

export class StrokesRepo {
  constructor(
    private readonly db: Database,
    private readonly partitions: StrokePartitions,
    private readonly listChunk = LIST_CHUNK,
  ) {}

  /**
   * Runs in every insert's transaction with the rows stored, before `within` (the composition root sets it:
   * the cell tracker's hours to step again for late strokes, `cell_restep_blocks`).
   */
  onStored: ((tx: Queryable, stored: StrokeRow[]) => Promise<void>) | null = null;

  /**
   * Writes a batch of one source in one statement; exact duplicates are skipped. Returns the rows stored
   * (with `received_at` and `received_us`, their position in the warning engine's log).
   * The batch is stamped by moving the log's head forward to `receivedAt` (or a microsecond past the last
   * batch, whichever is later); the head's row lock makes batches take turns until they commit, so
   * `received_at` order is commit order on every node and the engine follows the table as a log without
   * gaps. The commit is announced by `NOTIFY` with the batch's position. Columns travel as array literals
   * built with a native join: node-postgres would escape every element.
   */
  async insert(
    source: string,
    strokes: readonly ParsedStroke[],
    flashIds: readonly (number | null)[],
    receivedAt: Date,
    /** Runs in the insert's transaction with the rows stored (the statistics' rollups). */
    within?: (tx: Queryable, stored: StrokeRow[]) => Promise<void>,
  ): Promise<StrokeRow[]> {
    if (strokes.length === 0) return [];
    await this.partitions.ensure(
      this.db,
      strokes.map((s) => s.epochMs),
    );
    const col = (f: (s: ParsedStroke) => number | boolean | null) =>
      `{${strokes.map((s) => f(s) ?? 'NULL').join(',')}}`;
    const params = [
      // Whole seconds from epochMs, the fraction from ns: the exact microsecond, as an integer.
      col((s) => Math.floor(s.epochMs / 1000) * 1_000_000 + Math.floor(s.ns / 1000)),
      col((s) => s.ns),
      col((s) => s.lat),
      col((s) => s.lon),
      col((s) => s.peakKa),
      col((s) => s.type === 'IC'),
      col((s) => s.sensors),
      col((s) => s.multiplicity),
      col((s) => s.majorKm),
      col((s) => s.minorKm),
      col((s) => s.ellipseDeg),
      `{${flashIds.map((id) => id ?? 'NULL').join(',')}}`,
      source,
      receivedAt,
    ];
    return this.db.transaction(async (tx) => {
      const r = await tx.query<StrokeRow>(
        `WITH head AS (
           UPDATE stroke_log_head SET received_at = GREATEST($14::timestamptz, received_at + interval '1 microsecond')
           WHERE id = 1 RETURNING received_at
         )
         INSERT INTO strokes (time, ns, lat, lon, peak_ka, is_ic, sensors, multiplicity, major_km, minor_km,
           ellipse_deg, flash_id, source, received_at)
         SELECT 'epoch'::timestamptz + us * interval '1 microsecond', ns, lat, lon, ka, ic, sensors, mult, major,
           minor, angle, flash, $13, (SELECT received_at FROM head)
         FROM unnest($1::bigint[], $2::int[], $3::float8[], $4::float8[], $5::real[], $6::bool[], $7::smallint[],
           $8::smallint[], $9::real[], $10::real[], $11::real[], $12::bigint[])
           AS u(us, ns, lat, lon, ka, ic, sensors, mult, major, minor, angle, flash)
         ON CONFLICT DO NOTHING
         RETURNING ${STROKE_COLUMNS}, ${RECEIVED_COLUMNS}`,
        params,
      );
      const first = r.rows[0];
      if (first && this.onStored) await this.onStored(tx, r.rows);
      if (first && within) await within(tx, r.rows);
      if (first) await tx.query('SELECT pg_notify($1, $2)', [STROKES_CHANNEL, String(first.received_us)]);
      return r.rows;
    });
  }

  /** The start of a block of 1000 flash ids. */
  async flashIdBlock(): Promise<number> {
    const r = await this.db.query<{ v: number }>("SELECT nextval('flash_id_seq') AS v");
    return (r.rows[0] as { v: number }).v;
  }

  /** Strokes in time order after the cursor `(time, id)`. */
  /** Strokes in (time, id) order after `after`, read `listChunk` at a time. */
  async list(f: StrokeFilter, limit: number, after?: { time: string; id: number }): Promise<StrokeRow[]> {
    const out: StrokeRow[] = [];
    let cursor = after;
    while (out.length < limit) {
      const want = Math.min(this.listChunk, limit - out.length);
      const rows = await this.listOnce(f, want, cursor);
      for (const row of rows) out.push(row);
      const last = rows.at(-1);
      if (rows.length < want || !last) break;
      cursor = { time: microIso(last.time.getTime(), last.ns), id: last.id };
    }
    return out;
  }

  /**
   * The strokes of `f` as bare numbers (time in ms, position, signed peak current, flash id), in (time, id)
   * order, `listChunk` at a time: for readers that fold a long window (the models) without building a Date
   * and a row object per stroke. The cursor is the exact microsecond, as the database has it.
   */
  async *scanPoints(f: StrokeFilter): AsyncGenerator<StrokePoint[]> {
    let cursor: { us: string; id: string } | null = null;
    for (;;) {
      const params: unknown[] = [];
      let where = strokeWhere(f, params);
      if (cursor) {
        params.push(cursor.us, cursor.id);
        const at = `('epoch'::timestamptz + $${params.length - 1}::bigint * interval '1 microsecond')`;
        where += ` AND time >= ${at} AND (time, id) > (${at}, $${params.length}::bigint)`;
      }
      params.push(this.listChunk);
      const r = await this.db.query<{
        id: string;
        us: string;
        lat: number;
        lon: number;
        peak_ka: number;
        flash_id: string | null;
      }>(
        `SELECT id, (extract(epoch FROM time) * 1000000)::bigint AS us, lat, lon, peak_ka, flash_id
         FROM strokes WHERE ${where} ORDER BY time, id LIMIT $${params.length}`,
        params,
      );
      const rows = r.rows;
      if (rows.length > 0) {
        yield rows.map((x) => ({
          timeMs: Number(x.us) / 1000,
          lat: x.lat,
          lon: x.lon,
          peakKa: x.peak_ka,
          flashId: x.flash_id === null ? null : Number(x.flash_id),
        }));
      }
      const last = rows.at(-1);
      if (rows.length < this.listChunk || !last) return;
      cursor = { us: String(last.us), id: String(last.id) };
    }
  }

  /** The newest stroke of `source` in [from, to), or null: where a restarted feed resumes. */
  async newestOf(source: string, from: Date, to: Date): Promise<Date | null> {
    const r = await this.db.query<{ time: Date }>(
      'SELECT time FROM strokes WHERE time >= $2 AND time < $3 AND source = $1 ORDER BY time DESC LIMIT 1',
      [source, from, to],
    );
    return r.rows[0]?.time ?? null;
  }

  /** The time of the `n`-th newest stroke of `f` (where to start to read only the newest `n`), or null if fewer. */
  async timeOfNewest(f: StrokeFilter, n: number): Promise<Date | null> {
    const params: unknown[] = [];
    const where = strokeWhere(f, params);
    params.push(n - 1);
    const r = await this.db.query<{ time: Date }>(
      `SELECT time FROM strokes WHERE ${where} ORDER BY time DESC OFFSET $${params.length} LIMIT 1`,
      params,
    );
    return r.rows[0]?.time ?? null;
  }

  private async listOnce(f: StrokeFilter, limit: number, after?: { time: string; id: number }) {
    const params: unknown[] = [];
    let where = strokeWhere(f, params);
    if (after) {
      params.push(after.time, after.id);
      // The plain bound on time lets the time index start at the cursor (it does not hold the id).
      const [t, id] = [params.length - 1, params.length];
      where += ` AND time >= $${t}::timestamptz AND (time, id) > ($${t}::timestamptz, $${id})`;
    }
    params.push(limit);
    const r = await this.db.query<StrokeRow>(
      `SELECT ${STROKE_COLUMNS} FROM strokes WHERE ${where} ORDER BY time, id LIMIT $${params.length}`,
      params,
    );
    return r.rows;
  }
}
