import type { HourlyWarningRow } from '@thunderwatch/shared/schemas/alerts';
import type { RingLevel } from '@thunderwatch/shared/warnings';
import type { Queryable } from '../../../db/database.js';

export interface HourlyQuery {
  /** null: every group (admins). */
  groupId: number | null;
  locationId?: number;
  from: Date;
  to: Date;
}

/** Statistics over warning_events, the engine's record of every level change. */
export class WarningStatsRepo {
  constructor(private readonly db: Queryable) {}

  /** Level rises per UTC hour, location and level reached; hours without a rise are absent. */
  async hourly(q: HourlyQuery): Promise<HourlyWarningRow[]> {
    // Hours as epoch seconds: date_trunc would follow the session's time zone on either database.
    const r = await this.db.query<{ hour_s: number; location_id: number; level: number; n: number }>(
      `SELECT (floor(extract(epoch FROM at) / 3600) * 3600)::bigint AS hour_s, location_id,
              to_level AS level, count(*) AS n
       FROM warning_events
       WHERE to_level > from_level AND at >= $2 AND at < $3
         AND ($1::bigint IS NULL OR group_id = $1) AND ($4::bigint IS NULL OR location_id = $4)
       GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      [q.groupId, q.from, q.to, q.locationId ?? null],
    );
    return r.rows.map((row) => ({
      hour: new Date(row.hour_s * 1000).toISOString(),
      location_id: row.location_id,
      level: row.level as RingLevel,
      count: row.n,
    }));
  }
}
