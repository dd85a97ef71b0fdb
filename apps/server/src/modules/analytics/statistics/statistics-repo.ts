import type { Cell } from '@thunderwatch/domain/lightning/lightning-climate';
import type { CellTrack } from '@thunderwatch/domain/lightning/storm-rose';
import type { Database } from '../../../db/database.js';
import { type CountRow, SUM_SELECT } from './rollups-repo.js';

/** Where a statistic reads: region codes (a city, or every code of a province), or 0.1° cells. */
export type RollupSource =
  | { kind: 'region'; code: string; province: boolean }
  | { kind: 'cells'; cells: readonly Cell[] }
  | { kind: 'box'; cy0: number; cy1: number; cx0: number; cx1: number };

/** An hour's summed counts, the hour by its start (epoch ms). */
export type HourRow = CountRow & { hour_ms: number };

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

  /**
   * The area's counts per UTC hour of [from, to) (hours without strokes are absent): the service sums them into
   * the local days and hours of the asked zone. At most 24 rows a day.
   */
  async hourly(src: RollupSource, fromAt: Date, toAt: Date): Promise<HourRow[]> {
    const params: unknown[] = [fromAt, toAt];
    const { from, where } = this.where(src, params);
    const r = await this.db.query<HourRow>(
      `SELECT (extract(epoch FROM r.hour) * 1000)::float8 AS hour_ms, ${SUM_SELECT}
       FROM ${from} WHERE r.hour >= $1 AND r.hour < $2 AND ${where}
       GROUP BY r.hour ORDER BY r.hour`,
      params,
    );
    for (const x of r.rows) x.hour_ms = Number(x.hour_ms);
    return r.rows;
  }

  /**
   * Totals per region of [from, to): per province (first two digits) or per code within a province; a
   * thunderstorm day is a local day of `timeZone` with a CG stroke.
   */
  async byRegion(
    level: 'province' | 'city',
    province: string | null,
    fromAt: Date,
    toAt: Date,
    timeZone: string,
  ) {
    const params: unknown[] = [fromAt, toAt, timeZone];
    const key = level === 'province' ? `left(code, 2) || '0000'` : 'code';
    let where = 'true';
    if (province) {
      params.push(`${province.slice(0, 2)}0000`, `${province.slice(0, 2)}9999`);
      where = 'code BETWEEN $4 AND $5';
    }
    const r = await this.db.query<RegionTotals>(
      `SELECT ${key} AS code, sum(strokes)::float8 AS strokes, sum(cg)::float8 AS cg,
              sum(cg_flashes)::float8 AS cg_flashes,
              count(DISTINCT (hour AT TIME ZONE $3)::date) FILTER (WHERE cg > 0)::int AS storm_days
       FROM stroke_rollup_region WHERE hour >= $1 AND hour < $2 AND ${where}
       GROUP BY 1 ORDER BY 1`,
      params,
    );
    return r.rows.map((x) => ({ ...x, code: x.code.trim() }));
  }

  /** CG flashes and strokes per cell of a box over [from, to) (the Ng grid). */
  async byCell(
    box: { cy0: number; cy1: number; cx0: number; cx1: number },
    fromAt: Date,
    toAt: Date,
  ): Promise<CellTotals[]> {
    const r = await this.db.query<CellTotals>(
      `SELECT cy, cx, sum(cg_flashes)::float8 AS cg_flashes, sum(strokes)::float8 AS strokes
       FROM stroke_rollup_cell
       WHERE cy BETWEEN $1 AND $2 AND cx BETWEEN $3 AND $4 AND hour >= $5 AND hour < $6
       GROUP BY cy, cx ORDER BY cy, cx`,
      [box.cy0, box.cy1, box.cx0, box.cx1, fromAt, toAt],
    );
    return r.rows;
  }

  /**
   * The storm cells seen in the box over [from, to): each cell's first and last position in it, in one
   * statement over the steps of those days.
   */
  async cellTracks(
    box: { south: number; north: number; west: number; east: number },
    from: Date,
    to: Date,
  ): Promise<CellTrack[]> {
    const r = await this.db.query<CellTrack>(
      `SELECT (extract(epoch FROM min(step_time)) * 1000)::float8 AS "firstMs",
              (array_agg(lat ORDER BY step_time))[1] AS "firstLat", (array_agg(lon ORDER BY step_time))[1] AS "firstLon",
              (extract(epoch FROM max(step_time)) * 1000)::float8 AS "lastMs",
              (array_agg(lat ORDER BY step_time DESC))[1] AS "lastLat", (array_agg(lon ORDER BY step_time DESC))[1] AS "lastLon"
       FROM cells
       WHERE step_time >= $1 AND step_time < $2
         AND lat BETWEEN $3 AND $4 AND lon BETWEEN $5 AND $6
       GROUP BY id`,
      [from, to, box.south, box.north, box.west, box.east],
    );
    return r.rows;
  }
}
