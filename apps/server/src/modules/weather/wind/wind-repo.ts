import type { Database } from '../../../db/database.js';
import type { Box, StationRow } from '../stations/stations-repo.js';

export interface WindRow extends StationRow {
  time: Date;
  wind_speed: number | null;
  wind_dir: number | null;
  wind_gust: number | null;
  /** How many stations the box holds (before the limit). */
  in_box: number;
}

/** The wind readings of the stations in a box, in one statement (stations and their readings joined). */
export class WindRepo {
  constructor(private readonly db: Database) {}

  /**
   * Every wind reading over (from, to] of the first `maxStations` stations in the box (by id), by station then
   * time. The time range keeps the read inside the day partitions it spans; the primary key serves each
   * station. A box across 180° has west > east.
   */
  async readings(box: Box, from: Date, to: Date, maxStations: number): Promise<WindRow[]> {
    const r = await this.db.query<WindRow>(
      `WITH s AS (
         SELECT id, name, name_en, lat, lon, elevation_m, count(*) OVER ()::int AS in_box FROM weather_stations
         WHERE lat BETWEEN $1::float8 AND $2::float8
           AND (CASE WHEN $3::float8 <= $4::float8 THEN lon BETWEEN $3::float8 AND $4::float8
                ELSE lon >= $3::float8 OR lon <= $4::float8 END)
         ORDER BY id LIMIT $7::int
       )
       SELECT s.id, s.name, s.name_en, s.lat, s.lon, s.elevation_m, s.in_box,
              o.time, o.wind_speed, o.wind_dir, o.wind_gust
       FROM s JOIN observations o ON o.station_id = s.id
       WHERE o.time > $5 AND o.time <= $6
         AND (o.wind_speed IS NOT NULL OR o.wind_gust IS NOT NULL)
       ORDER BY s.id, o.time`,
      [box.south, box.north, box.west, box.east, from, to, maxStations],
    );
    return r.rows;
  }
}
