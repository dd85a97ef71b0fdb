import type { IntensityBin } from '@thunderwatch/shared/schemas/lightning';
import type { Database } from '../../../db/database.js';
import { STROKE_COLUMNS, type StrokeRow } from './stroke-row.js';
import { type StrokeFilter, strokeWhere } from './strokes-repo.js';

/** A histogram bin as counted: the open-ended last bin ends at Infinity (the answer says null). */
export type CountedBin = Omit<IntensityBin, 'to_ka'> & { to_ka: number };

export interface FlashRow {
  id: number;
  time: Date;
  end_time: Date;
  lat: number;
  lon: number;
  is_ic: boolean;
  peak_ka: number;
  stroke_count: number;
}

/** Aggregates over strokes: density grids, peak-current histograms and flashes. SQL only. */
export class LightningStatsRepo {
  constructor(private readonly db: Database) {}

  /**
   * Counts per hour and grid cell; hours as whole hours since the epoch and cells as integer indices
   * (floor of degrees / resolution), so no row carries a timestamp to parse. The aggregate gets the
   * memory it needs instead of spilling to disk.
   */
  async density(
    f: StrokeFilter,
    resolution: number,
  ): Promise<{ h: number; i: number; j: number; n: number }[]> {
    const params: unknown[] = [];
    const where = strokeWhere(f, params);
    params.push(resolution);
    const res = `$${params.length}::float8`;
    return this.db.transaction(async (tx) => {
      await tx.query("SET LOCAL work_mem = '64MB'");
      const r = await tx.query<{ h: number; i: number; j: number; n: number }>(
        `SELECT (extract(epoch FROM time)::bigint / 3600)::int AS h, floor(lat / ${res} + 1e-9)::int AS i,
                floor(lon / ${res} + 1e-9)::int AS j, count(*)::int AS n
         FROM strokes WHERE ${where} GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
        params,
      );
      return r.rows;
    });
  }

  async intensities(f: StrokeFilter, binKa: number, maxKa: number): Promise<CountedBin[]> {
    const params: unknown[] = [];
    const where = strokeWhere(f, params);
    params.push(binKa, maxKa);
    const [bin, max] = [`$${params.length - 1}::float8`, `$${params.length}::float8`];
    const r = await this.db.query<{ b: number; cg_negative: number; cg_positive: number; ic: number }>(
      `SELECT least(floor(abs(peak_ka) / ${bin}), floor(${max} / ${bin}))::int AS b,
              count(*) FILTER (WHERE NOT is_ic AND peak_ka < 0)::int AS cg_negative,
              count(*) FILTER (WHERE NOT is_ic AND peak_ka >= 0)::int AS cg_positive,
              count(*) FILTER (WHERE is_ic)::int AS ic
       FROM strokes WHERE ${where} GROUP BY 1 ORDER BY 1`,
      params,
    );
    return r.rows.map((row) => ({
      from_ka: row.b * binKa,
      to_ka: row.b * binKa >= maxKa ? Number.POSITIVE_INFINITY : (row.b + 1) * binKa,
      cg_negative: row.cg_negative,
      cg_positive: row.cg_positive,
      ic: row.ic,
    }));
  }

  /** Flashes whose strokes fall in the filter, summarised from their strokes. */
  async flashes(
    f: StrokeFilter,
    limit: number,
    offset: number,
  ): Promise<{ items: FlashRow[]; total: number }> {
    const params: unknown[] = [];
    const where = strokeWhere(f, params);
    const grouped = `SELECT flash_id AS id, min(time) AS time, max(time) AS end_time,
        (array_agg(lat ORDER BY time, ns))[1] AS lat, (array_agg(lon ORDER BY time, ns))[1] AS lon,
        bool_and(is_ic) AS is_ic, (array_agg(peak_ka ORDER BY abs(peak_ka) DESC))[1] AS peak_ka,
        count(*)::int AS stroke_count
      FROM strokes WHERE ${where} AND flash_id IS NOT NULL GROUP BY flash_id`;
    const [items, total] = await Promise.all([
      this.db.query<FlashRow>(
        `${grouped} ORDER BY time, id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, limit, offset],
      ),
      this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${grouped}) g`, params),
    ]);
    return { items: items.rows, total: total.rows[0]?.n ?? 0 };
  }

  async flashStrokes(flashId: number): Promise<StrokeRow[]> {
    const r = await this.db.query<StrokeRow>(
      `SELECT ${STROKE_COLUMNS} FROM strokes WHERE flash_id = $1 ORDER BY time, ns LIMIT 1000`,
      [flashId],
    );
    return r.rows;
  }
}
