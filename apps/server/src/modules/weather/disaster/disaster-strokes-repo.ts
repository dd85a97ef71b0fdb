import type { Queryable } from '../../../db/database.js';

/** CG lightning of one grid cell over the evaluation's window. */
export interface GridCellLightning {
  gy: number;
  gx: number;
  /** CG flashes whose first CG stroke fell in the cell: in the last hour, and in the whole window. */
  flashes_1h: number;
  flashes_3h: number;
  max_abs_ka: number;
  strong: number;
}

/**
 * The last hours' CG lightning summed per grid cell in the database, so that the evaluation reads a few
 * thousand rows however many strokes fell. A flash counts once, in the cell of its first CG stroke (strokes
 * without a flash are flashes of their own); peak currents count every CG stroke.
 */
export class DisasterStrokesRepo {
  constructor(private readonly db: Queryable) {}

  async gridCells(q: {
    from: Date;
    hourFrom: Date;
    to: Date;
    cellDeg: number;
    strongKa: number;
    bbox: { west: number; south: number; east: number; north: number };
  }): Promise<GridCellLightning[]> {
    const r = await this.db.query<GridCellLightning>(
      `WITH cg AS (
         SELECT id, time, lat, lon, abs(peak_ka) AS ka, COALESCE(flash_id, -id) AS flash
           FROM strokes
          WHERE time > $1 AND time <= $2 AND NOT is_ic
            AND lat BETWEEN $3 AND $4 AND lon BETWEEN $5 AND $6),
       firsts AS (SELECT DISTINCT ON (flash) lat, lon, time FROM cg ORDER BY flash, time, id),
       parts AS (
         SELECT floor(lat / $7)::int AS gy, floor(lon / $7)::int AS gx, (time > $8)::int AS f1, 1 AS f3,
                0::real AS ka, 0 AS strong
           FROM firsts
         UNION ALL
         SELECT floor(lat / $7)::int, floor(lon / $7)::int, 0, 0, ka, (ka >= $9)::int FROM cg)
       SELECT gy, gx, sum(f1)::int AS flashes_1h, sum(f3)::int AS flashes_3h, max(ka)::float8 AS max_abs_ka,
              sum(strong)::int AS strong
         FROM parts GROUP BY gy, gx`,
      [q.from, q.to, q.bbox.south, q.bbox.north, q.bbox.west, q.bbox.east, q.cellDeg, q.hourFrom, q.strongKa],
    );
    return r.rows;
  }
}
