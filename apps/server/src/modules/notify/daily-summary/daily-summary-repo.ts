import type { Queryable } from '../../../db/database.js';

/** One location's alarms of a day. */
export interface LocationDay {
  id: number;
  name: string;
  nameEn: string | null;
  alarms: number;
  red: number;
  peakLevel: number;
}

/** SQL of the daily summary: a group's alarms of a day (its subscribers come from RecipientsRepo). */
export class DailySummaryRepo {
  constructor(private readonly db: Queryable) {}

  /** The group's alarms raised in [from, to), per location, the busiest first. */
  async alarmsByLocation(groupId: number, from: Date, to: Date): Promise<LocationDay[]> {
    const { rows } = await this.db.query<{
      id: string;
      name: string;
      name_en: string | null;
      alarms: number;
      red: number;
      peak_level: number;
    }>(
      `SELECT a.location_id AS id, l.name, l.name_en, count(*)::int AS alarms,
         count(*) FILTER (WHERE a.level = 3)::int AS red, max(a.level)::int AS peak_level
       FROM alarms a JOIN locations l ON l.id = a.location_id
       WHERE a.kind = 'lightning' AND a.group_id = $1 AND a.created_at >= $2 AND a.created_at < $3
       GROUP BY a.location_id, l.name, l.name_en
       ORDER BY max(a.level) DESC, count(*) DESC, l.name`,
      [groupId, from, to],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      nameEn: r.name_en,
      alarms: r.alarms,
      red: r.red,
      peakLevel: r.peak_level,
    }));
  }
}
