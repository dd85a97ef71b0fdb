import type { Database } from '../../../db/database.js';

export interface TimeRange {
  from: Date;
  to: Date;
}

export interface DeliveryHealth {
  sent: number;
  failed: number;
  p95Ms: number | null;
}

/** The counts behind the overview and the indicators, each in one statement. SQL only. */
export class OverviewRepo {
  constructor(private readonly db: Database) {}

  /**
   * Strokes and CG strokes in each range [from, to): one index range scan per range over the day
   * partitions it touches, counted without reading more than the index needs.
   */
  async strokeCounts(ranges: readonly TimeRange[]): Promise<{ strokes: number; cg: number }[]> {
    if (ranges.length === 0) return [];
    const r = await this.db.query<{ i: number; strokes: number; cg: number }>(
      `SELECT r.i::int AS i, c.strokes, c.cg
       FROM unnest($1::timestamptz[], $2::timestamptz[]) WITH ORDINALITY AS r(f, t, i)
       CROSS JOIN LATERAL (
         SELECT count(*)::int AS strokes, count(*) FILTER (WHERE NOT s.is_ic)::int AS cg
         FROM strokes s WHERE s.time >= r.f AND s.time < r.t
       ) c
       ORDER BY r.i`,
      [ranges.map((x) => x.from), ranges.map((x) => x.to)],
    );
    return r.rows.map(({ strokes, cg }) => ({ strokes, cg }));
  }

  /** For each range, whether any stroke is stored in it (the network was running and kept its data). */
  async anyStrokes(ranges: readonly TimeRange[]): Promise<boolean[]> {
    if (ranges.length === 0) return [];
    const r = await this.db.query<{ i: number; found: boolean }>(
      `SELECT r.i::int AS i, EXISTS (SELECT 1 FROM strokes s WHERE s.time >= r.f AND s.time < r.t) AS found
       FROM unnest($1::timestamptz[], $2::timestamptz[]) WITH ORDINALITY AS r(f, t, i)
       ORDER BY r.i`,
      [ranges.map((x) => x.from), ranges.map((x) => x.to)],
    );
    return r.rows.map((row) => row.found);
  }

  async deviceCounts(groupId: number | null): Promise<{ online: number; degraded: number; offline: number }> {
    const r = await this.db.query<{ online: number; degraded: number; offline: number }>(
      `SELECT count(*) FILTER (WHERE status = 'online')::int AS online,
              count(*) FILTER (WHERE status = 'degraded')::int AS degraded,
              count(*) FILTER (WHERE status = 'offline')::int AS offline
       FROM devices WHERE $1::bigint IS NULL OR group_id = $1::bigint`,
      [groupId],
    );
    return r.rows[0] ?? { online: 0, degraded: 0, offline: 0 };
  }

  /** Deliveries that finished in [from, to): how many were sent or failed, and the sent ones' p95 latency. */
  async deliveryHealth(groupId: number | null, range: TimeRange): Promise<DeliveryHealth> {
    const r = await this.db.query<{ sent: number; failed: number; p95: number | null }>(
      `SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent,
              count(*) FILTER (WHERE status = 'failed')::int AS failed,
              percentile_cont(0.95) WITHIN GROUP (ORDER BY latency_ms)
                FILTER (WHERE status = 'sent' AND latency_ms IS NOT NULL) AS p95
       FROM deliveries
       WHERE finished_at >= $2 AND finished_at < $3 AND status IN ('sent', 'failed')
         AND ($1::bigint IS NULL OR group_id = $1::bigint)`,
      [groupId, range.from, range.to],
    );
    const row = r.rows[0];
    return {
      sent: row?.sent ?? 0,
      failed: row?.failed ?? 0,
      p95Ms: row?.p95 === null || row?.p95 === undefined ? null : Math.round(Number(row.p95)),
    };
  }

  /** Deliveries waiting or being sent now. */
  async pendingDeliveries(groupId: number | null): Promise<number> {
    const r = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM deliveries
       WHERE status IN ('pending', 'sending') AND ($1::bigint IS NULL OR group_id = $1::bigint)`,
      [groupId],
    );
    return r.rows[0]?.n ?? 0;
  }

  /**
   * The provinces with the most strokes in [from, to), from the hourly region rollups (whole UTC hours: the
   * hour `to` falls in counts whole, as no stroke is later than now; in a zone offset by a fraction of an hour,
   * so does the hour local midnight falls in). At most `limit`, busiest first.
   */
  async topProvinces(range: TimeRange, limit: number): Promise<{ code: string; strokes: number }[]> {
    const HOUR = 3_600_000;
    const from = new Date(Math.floor(range.from.getTime() / HOUR) * HOUR);
    const r = await this.db.query<{ code: string; strokes: number }>(
      `SELECT substr(code, 1, 2) || '0000' AS code, sum(strokes)::int AS strokes FROM stroke_rollup_region
       WHERE hour >= $1 AND hour < $2
       GROUP BY 1 HAVING sum(strokes) > 0 ORDER BY 2 DESC, 1 LIMIT $3`,
      [from, range.to, limit],
    );
    return r.rows;
  }
}
