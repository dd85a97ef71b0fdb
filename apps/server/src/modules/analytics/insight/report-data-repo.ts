import type { TwoNames } from '@thunderwatch/shared/names';
import type { Database } from '../../../db/database.js';
import { strokeWhere } from '../../lightning/strokes/strokes-repo.js';

export interface SiteYear {
  cg_strokes: number;
  cg_flashes: number;
  ic_strokes: number;
  /** Local days (in the time zone given) with at least one CG stroke. */
  thunder_days: number;
  max_abs_ka: number | null;
  /** Per local month 1–12. */
  months: { month: number; cg: number; ic: number }[];
}

export interface LargeStroke {
  time: Date;
  lat: number;
  lon: number;
  peak_ka: number;
  is_ic: boolean;
}

/** What the site report reads of the strokes within a radius of a site: one aggregate and the largest. SQL only. */
export class ReportDataRepo {
  constructor(private readonly db: Database) {}

  /** The strokes of the period within the circle, as the stroke queries choose them; `$n` of the caller follow. */
  private circle(from: Date, to: Date, c: { lat: number; lon: number; radiusKm: number }) {
    const params: unknown[] = [];
    const where = strokeWhere({ from, to, near: c }, params);
    return { where, params, next: params.length + 1 };
  }

  async siteYear(
    from: Date,
    to: Date,
    c: { lat: number; lon: number; radiusKm: number },
    timeZone: string,
  ): Promise<SiteYear> {
    const { where, params, next } = this.circle(from, to, c);
    const zone = `$${next}`;
    const r = await this.db.query<{
      month: number;
      cg: number;
      ic: number;
      flashes: number;
      days: number;
      max_abs: number | null;
    }>(
      `SELECT extract(month FROM time AT TIME ZONE ${zone})::int AS month,
              count(*) FILTER (WHERE NOT is_ic)::int AS cg, count(*) FILTER (WHERE is_ic)::int AS ic,
              count(DISTINCT coalesce(flash_id, -id)) FILTER (WHERE NOT is_ic)::int AS flashes,
              count(DISTINCT (time AT TIME ZONE ${zone})::date) FILTER (WHERE NOT is_ic)::int AS days,
              max(abs(peak_ka))::float8 AS max_abs
       FROM strokes WHERE ${where} GROUP BY 1 ORDER BY 1`,
      [...params, timeZone],
    );
    const sum = (k: 'cg' | 'ic' | 'flashes' | 'days') => r.rows.reduce((n, row) => n + row[k], 0);
    const maxes = r.rows.map((row) => row.max_abs).filter((v): v is number => v !== null);
    return {
      cg_strokes: sum('cg'),
      cg_flashes: sum('flashes'),
      ic_strokes: sum('ic'),
      // A day lies in one month, so the months' distinct days add up.
      thunder_days: sum('days'),
      max_abs_ka: maxes.length ? Math.max(...maxes) : null,
      months: r.rows.map(({ month, cg, ic }) => ({ month, cg, ic })),
    };
  }

  async largest(
    from: Date,
    to: Date,
    c: { lat: number; lon: number; radiusKm: number },
    limit: number,
  ): Promise<LargeStroke[]> {
    const { where, params, next } = this.circle(from, to, c);
    const r = await this.db.query<LargeStroke>(
      `SELECT time, lat, lon, peak_ka::float8 AS peak_ka, is_ic FROM strokes WHERE ${where}
       ORDER BY abs(peak_ka) DESC, time LIMIT $${next}`,
      [...params, limit],
    );
    return r.rows;
  }

  /** A group's own name and its English one (null: none). */
  async groupName(id: number): Promise<TwoNames> {
    const r = await this.db.query<{ name: string; name_en: string | null }>(
      'SELECT name, name_en FROM groups WHERE id = $1',
      [id],
    );
    return r.rows[0] ?? { name: String(id), name_en: null };
  }
}
