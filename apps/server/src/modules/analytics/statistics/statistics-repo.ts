import type { Cell } from '@thunderwatch/domain/lightning/lightning-climate';
import type { CellTrack } from '@thunderwatch/domain/lightning/storm-rose';
import type { Database } from '../../../db/database.js';
import { type CountRow, SUM_SELECT } from './rollups-repo.js';

/** Where a statistic reads: region codes (a city, or every code of a province), or 0.1° cells. */
export type RollupSource =
  | { kind: 'region'; code: string; province: boolean }
  | { kind: 'cells'; cells: readonly Cell[] }
  | { kind: 'box'; cy0: number; cy1: number; cx0: number; cx1: number };

export type DayRow = CountRow & { day: string };

export interface RegionTotals {
  code: string;
  strokes: number;
  cg: number;
  cg_flashes: number;
  storm_days: number;
}

export interface CellTotals {
  cy: number;
  cx: number;
  cg_flashes: number;
  strokes: number;
}

/** Reads the rollups for the statistics. SQL only. */
export class StatisticsRepo {
  constructor(private readonly db: Database) {}

  private where(src: RollupSource, params: unknown[]): { from: string; where: string } {
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    if (src.kind === 'region') {
      if (!src.province) return { from: 'stroke_rollup_region r', where: `r.code = ${p(src.code)}` };
      const two = src.code.slice(0, 2);
      return {
        from: 'stroke_rollup_region r',
        where: `r.code BETWEEN ${p(`${two}0000`)} AND ${p(`${two}9999`)}`,
      };
    }
    if (src.kind === 'box')
      return {
        from: 'stroke_rollup_cell r',
        where: `r.cy BETWEEN ${p(src.cy0)} AND ${p(src.cy1)} AND r.cx BETWEEN ${p(src.cx0)} AND ${p(src.cx1)}`,
      };
    const ys = p(`{${src.cells.map((c) => c.cy).join(',')}}`);
    const xs = p(`{${src.cells.map((c) => c.cx).join(',')}}`);
    return {
      from: `stroke_rollup_cell r JOIN unnest(${ys}::smallint[], ${xs}::smallint[]) AS a(cy, cx) ON a.cy = r.cy AND a.cx = r.cx`,
      where: 'true',
    };
  }

  /** The area's counts per UTC day of [fromDay, toDay] (days without strokes are absent). */
  async daily(src: RollupSource, fromDay: string, toDay: string): Promise<DayRow[]> {
    const params: unknown[] = [fromDay, toDay];
    const { from, where } = this.where(src, params);
    const r = await this.db.query<DayRow>(
      `SELECT to_char(r.day, 'YYYY-MM-DD') AS day, ${SUM_SELECT}
       FROM ${from} WHERE r.day BETWEEN $1::date AND $2::date AND ${where}
       GROUP BY r.day ORDER BY r.day`,
      params,
    );
    return r.rows;
  }

  /** Totals per region of [fromDay, toDay]: per province (first two digits) or per code within a province. */
  async byRegion(level: 'province' | 'city', province: string | null, fromDay: string, toDay: string) {
    const params: unknown[] = [fromDay, toDay];
    const key = level === 'province' ? `left(code, 2) || '0000'` : 'code';
    let where = 'true';
    if (province) {
      params.push(`${province.slice(0, 2)}0000`, `${province.slice(0, 2)}9999`);
      where = 'code BETWEEN $3 AND $4';
    }
    const r = await this.db.query<RegionTotals>(
      `SELECT ${key} AS code, sum(strokes)::float8 AS strokes, sum(cg)::float8 AS cg,
              sum(cg_flashes)::float8 AS cg_flashes, count(DISTINCT day) FILTER (WHERE cg > 0)::int AS storm_days
       FROM stroke_rollup_region WHERE day BETWEEN $1::date AND $2::date AND ${where}
       GROUP BY 1 ORDER BY 1`,
      params,
    );
    return r.rows.map((x) => ({ ...x, code: x.code.trim() }));
  }

  /** CG flashes and strokes per cell of a box over [fromDay, toDay] (the Ng grid). */
  async byCell(
    box: { cy0: number; cy1: number; cx0: number; cx1: number },
    fromDay: string,
    toDay: string,
  ): Promise<CellTotals[]> {
    const r = await this.db.query<CellTotals>(
      `SELECT cy, cx, sum(cg_flashes)::float8 AS cg_flashes, sum(strokes)::float8 AS strokes
       FROM stroke_rollup_cell
       WHERE cy BETWEEN $1 AND $2 AND cx BETWEEN $3 AND $4 AND day BETWEEN $5::date AND $6::date
       GROUP BY cy, cx ORDER BY cy, cx`,
      [box.cy0, box.cy1, box.cx0, box.cx1, fromDay, toDay],
    );
    return r.rows;
  }

  /**
   * The storm cells seen in the box over the UTC days [from, to]: each cell's first and last position in it, in
   * one statement over the steps of those days.
   */
  async cellTracks(
    box: { south: number; north: number; west: number; east: number },
    from: string,
    to: string,
  ): Promise<CellTrack[]> {
    const r = await this.db.query<CellTrack>(
      `SELECT (extract(epoch FROM min(step_time)) * 1000)::float8 AS "firstMs",
              (array_agg(lat ORDER BY step_time))[1] AS "firstLat", (array_agg(lon ORDER BY step_time))[1] AS "firstLon",
              (extract(epoch FROM max(step_time)) * 1000)::float8 AS "lastMs",
              (array_agg(lat ORDER BY step_time DESC))[1] AS "lastLat", (array_agg(lon ORDER BY step_time DESC))[1] AS "lastLon"
       FROM cells
       WHERE step_time >= $1::date AND step_time < $2::date + 1
         AND lat BETWEEN $3 AND $4 AND lon BETWEEN $5 AND $6
       GROUP BY id`,
      [from, to, box.south, box.north, box.west, box.east],
    );
    return r.rows;
  }
}
