import type { DeviceStatusName } from '@thunderwatch/shared/schemas/devices';
import type { Database } from '../../../db/database.js';

export interface DeviceWithChanges {
  id: string;
  name: string;
  name_en: string | null;
  kind: string;
  status: DeviceStatusName;
  last_heartbeat_at: Date | null;
  /** Led by the last change before the period, then every change in it, in time order. */
  changes: { status: DeviceStatusName; at: Date }[];
}

/** The rows the data sheets are made from. SQL only. */
export class SheetsRepo {
  constructor(private readonly db: Database) {}

  /** The group's devices with their status changes over [from, to), in one statement. */
  async devicesWithChanges(groupId: number | null, from: Date, to: Date): Promise<DeviceWithChanges[]> {
    const { rows } = await this.db.query<
      Omit<DeviceWithChanges, 'changes'> & { changes: { status: DeviceStatusName; at: string }[] }
    >(
      `SELECT d.id, d.name, d.name_en, d.kind, d.status, d.last_heartbeat_at,
              coalesce((
                SELECT json_agg(json_build_object('status', c.status, 'at', c.at) ORDER BY c.at, c.id)
                FROM (
                  (SELECT h.status, h.at, h.id FROM device_status_history h
                   WHERE h.device_id = d.id AND h.at < $2 ORDER BY h.at DESC, h.id DESC LIMIT 1)
                  UNION ALL
                  (SELECT h.status, h.at, h.id FROM device_status_history h
                   WHERE h.device_id = d.id AND h.at >= $2 AND h.at < $3)
                ) c
              ), '[]'::json) AS changes
       FROM devices d WHERE $1::bigint IS NULL OR d.group_id = $1::bigint
       ORDER BY d.id`,
      [groupId, from, to],
    );
    return rows.map((r) => ({
      ...r,
      changes: r.changes.map((c) => ({ status: c.status, at: new Date(c.at) })),
    }));
  }

  /**
   * The hourly region rollups of the hours starting in [from, to) summed per province (the codes sharing its two
   * digits) and per local day of `timeZone`, or per local month with the days that had CG strokes.
   */
  async provinceLightning(
    from: Date,
    to: Date,
    timeZone: string,
    by: 'day' | 'month',
  ): Promise<ProvinceLightningRow[]> {
    const period = by === 'day' ? "to_char(day, 'YYYY-MM-DD')" : "to_char(day, 'YYYY-MM')";
    const { rows } = await this.db.query<ProvinceLightningRow>(
      `WITH d AS (
         SELECT substr(code, 1, 2) || '0000' AS code, (hour AT TIME ZONE $3)::date AS day,
                sum(strokes)::int AS strokes, sum(cg)::int AS cg,
                sum(ic)::int AS ic, sum(cg_pos)::int AS cg_pos, sum(cg_neg)::int AS cg_neg,
                sum(ic_pos)::int AS ic_pos, sum(ic_neg)::int AS ic_neg, sum(cg_flashes)::int AS cg_flashes,
                max(max_abs_ka)::float8 AS max_abs_ka, min(first_time) AS first_time, max(last_time) AS last_time
         FROM stroke_rollup_region WHERE hour >= $1 AND hour < $2 GROUP BY 1, 2
       )
       SELECT ${period} AS period, code, sum(strokes)::int AS strokes, sum(cg)::int AS cg, sum(ic)::int AS ic,
              sum(cg_pos)::int AS cg_pos, sum(cg_neg)::int AS cg_neg, sum(ic_pos)::int AS ic_pos,
              sum(ic_neg)::int AS ic_neg, sum(cg_flashes)::int AS cg_flashes,
              round(max(max_abs_ka)::numeric, 1)::float8 AS max_abs_ka, min(first_time) AS first_time,
              max(last_time) AS last_time, count(*) FILTER (WHERE cg > 0)::int AS cg_days
       FROM d GROUP BY 1, 2 ORDER BY 1, 2`,
      [from, to, timeZone],
    );
    return rows;
  }
}

export interface ProvinceLightningRow {
  period: string;
  code: string;
  strokes: number;
  cg: number;
  ic: number;
  cg_pos: number;
  cg_neg: number;
  ic_pos: number;
  ic_neg: number;
  cg_flashes: number;
  max_abs_ka: number | null;
  first_time: Date;
  last_time: Date;
  cg_days: number;
}
