import type { StationInput } from '@thunderwatch/domain/weather/observation-fields';
import type { Database, Queryable } from '../../../db/database.js';

export interface StationRow {
  id: string;
  name: string;
  name_en: string | null;
  lat: number;
  lon: number;
  elevation_m: number | null;
}

export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

const COLUMNS = 'id, name, name_en, lat, lon, elevation_m';

/** Weather stations and buoys: land observations and wave readings share them. */
export class StationsRepo {
  constructor(private readonly db: Database) {}

  async byIds(ids: readonly string[], db: Queryable = this.db): Promise<StationRow[]> {
    if (ids.length === 0) return [];
    const r = await db.query<StationRow>(
      `SELECT ${COLUMNS} FROM weather_stations WHERE id = ANY($1::text[])`,
      [ids],
    );
    return r.rows;
  }

  /** Stations inside the box; a box across 180° has west > east. */
  async within(box: Box, limit: number): Promise<StationRow[]> {
    const r = await this.db.query<StationRow>(
      `SELECT ${COLUMNS} FROM weather_stations
       WHERE lat BETWEEN $1::float8 AND $2::float8
         AND (CASE WHEN $3::float8 <= $4::float8 THEN lon BETWEEN $3::float8 AND $4::float8
              ELSE lon >= $3::float8 OR lon <= $4::float8 END)
       ORDER BY id LIMIT $5::int`,
      [box.south, box.north, box.west, box.east, limit],
    );
    return r.rows;
  }

  /**
   * Adds the stations or updates them with what the rows said (a blank name, English name or elevation keeps
   * the stored one). Every station given must carry its position.
   */
  async upsert(
    stations: readonly (StationInput & { lat: number; lon: number })[],
    source: string,
    tx: Queryable,
  ): Promise<void> {
    if (stations.length === 0) return;
    await tx.query(
      `INSERT INTO weather_stations (id, name, name_en, lat, lon, elevation_m, source)
       SELECT id, coalesce(name, id), name_en, lat, lon, elev, $6
       FROM unnest($1::text[], $2::text[], $3::float8[], $4::float8[], $5::real[], $7::text[])
         AS u(id, name, lat, lon, elev, name_en)
       ON CONFLICT (id) DO UPDATE SET
         name = coalesce(EXCLUDED.name, weather_stations.name),
         name_en = coalesce(EXCLUDED.name_en, weather_stations.name_en),
         lat = EXCLUDED.lat, lon = EXCLUDED.lon,
         elevation_m = coalesce(EXCLUDED.elevation_m, weather_stations.elevation_m),
         source = EXCLUDED.source, updated_at = now()`,
      [
        stations.map((s) => s.id),
        stations.map((s) => s.name),
        stations.map((s) => s.lat),
        stations.map((s) => s.lon),
        stations.map((s) => s.elevation),
        source,
        stations.map((s) => s.nameEn),
      ],
    );
  }
}
