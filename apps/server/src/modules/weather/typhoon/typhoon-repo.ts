import type { ParsedStorm, TyphoonPoint, WindRadii } from '@thunderwatch/domain/weather/typhoon-track';
import type { Queryable } from '../../../db/database.js';

export interface StormRow {
  id: number;
  key: string;
  basin: string;
  year: number;
  number: string | null;
  name_en: string | null;
  name_zh: string | null;
  ended: boolean;
  forecast_base: Date | null;
  first_time: Date;
  last_time: Date;
  peak_wind_ms: number | null;
  min_pressure_hpa: number | null;
  latest_lat: number;
  latest_lon: number;
  latest_grade: TyphoonPoint['grade'];
}

export interface PointRow {
  time: Date;
  lat: number;
  lon: number;
  pressure_hpa: number | null;
  wind_ms: number | null;
  grade: TyphoonPoint['grade'];
  radii: WindRadii[];
  lead_h?: number;
}

const SUMMARY = `s.id::float8 AS id, s.key, s.basin, s.year, s.number, s.name_en, s.name_zh, s.ended, s.forecast_base,
  t.first_time, t.last_time, t.peak_wind_ms::float8 AS peak_wind_ms, t.min_pressure_hpa::float8 AS min_pressure_hpa,
  l.lat AS latest_lat, l.lon AS latest_lon, l.grade AS latest_grade
  FROM typhoon_storms s
  JOIN LATERAL (SELECT min(time) AS first_time, max(time) AS last_time, max(wind_ms) AS peak_wind_ms,
                       min(pressure_hpa) AS min_pressure_hpa
                  FROM typhoon_track_points WHERE storm_id = s.id) t ON t.last_time IS NOT NULL
  JOIN LATERAL (SELECT lat, lon, grade FROM typhoon_track_points WHERE storm_id = s.id
                 ORDER BY time DESC LIMIT 1) l ON true`;

const POINT_COLUMNS = `time, lat, lon, pressure_hpa::float8 AS pressure_hpa, wind_ms::float8 AS wind_ms, grade, radii`;

const pointsJson = (points: readonly (TyphoonPoint & { leadH?: number })[]) =>
  JSON.stringify(
    points.map((p) => ({
      time: new Date(p.time).toISOString(),
      lat: p.lat,
      lon: p.lon,
      pressure_hpa: p.pressureHpa,
      wind_ms: p.windMs,
      grade: p.grade,
      radii: p.radii,
      lead_h: p.leadH ?? 0,
    })),
  );

const RECORDS = `jsonb_to_recordset($2::jsonb) AS x(time timestamptz, lat float8, lon float8, pressure_hpa smallint,
  wind_ms real, grade text, radii jsonb, lead_h smallint)`;

export class TyphoonRepo {
  constructor(private readonly db: Queryable) {}

  /** Creates the storm or updates its facts; the names and forecast base are kept where the file has none. */
  async upsertStorm(
    storm: ParsedStorm,
    extra: { nameZh: string | null; source: string; forecastBase: Date | null },
    tx: Queryable = this.db,
  ): Promise<{ id: number; created: boolean }> {
    const r = await tx.query<{ id: number; created: boolean }>(
      `INSERT INTO typhoon_storms (key, format, basin, year, number, name_en, name_zh, ended, source, forecast_base)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (key) DO UPDATE SET
         number = coalesce(EXCLUDED.number, typhoon_storms.number),
         name_en = coalesce(EXCLUDED.name_en, typhoon_storms.name_en),
         name_zh = coalesce(EXCLUDED.name_zh, typhoon_storms.name_zh),
         ended = EXCLUDED.ended OR typhoon_storms.ended,
         source = EXCLUDED.source,
         forecast_base = coalesce(EXCLUDED.forecast_base, typhoon_storms.forecast_base),
         updated_at = now()
       RETURNING id::float8 AS id, (xmax = 0) AS created`,
      [
        storm.key,
        storm.format,
        storm.basin,
        storm.year,
        storm.number,
        storm.nameEn,
        extra.nameZh,
        storm.ended,
        extra.source,
        extra.forecastBase,
      ],
    );
    return r.rows[0] as { id: number; created: boolean };
  }

  /** Track points merged by time: a point at a stored time replaces it. */
  async mergeTrack(stormId: number, points: readonly TyphoonPoint[], tx: Queryable = this.db): Promise<void> {
    await tx.query(
      `INSERT INTO typhoon_track_points (storm_id, time, lat, lon, pressure_hpa, wind_ms, grade, radii)
       SELECT $1, time, lat, lon, pressure_hpa, wind_ms, grade, radii FROM ${RECORDS}
       ON CONFLICT (storm_id, time) DO UPDATE SET lat = EXCLUDED.lat, lon = EXCLUDED.lon,
         pressure_hpa = EXCLUDED.pressure_hpa, wind_ms = EXCLUDED.wind_ms, grade = EXCLUDED.grade,
         radii = EXCLUDED.radii`,
      [stormId, pointsJson(points)],
    );
  }

  /** The storm's forecast replaced by `points`. */
  async replaceForecast(
    stormId: number,
    points: readonly (TyphoonPoint & { leadH: number })[],
    tx: Queryable = this.db,
  ): Promise<void> {
    await tx.query('DELETE FROM typhoon_forecast_points WHERE storm_id = $1', [stormId]);
    await tx.query(
      `INSERT INTO typhoon_forecast_points (storm_id, lead_h, time, lat, lon, pressure_hpa, wind_ms, grade, radii)
       SELECT $1, lead_h, time, lat, lon, pressure_hpa, wind_ms, grade, radii FROM ${RECORDS}`,
      [stormId, pointsJson(points)],
    );
  }

  async list(q: {
    year: number | null;
    activeSince: Date | null;
    endedBefore: Date | null;
  }): Promise<StormRow[]> {
    const r = await this.db.query<StormRow>(
      `SELECT ${SUMMARY}
        WHERE ($1::int IS NULL OR s.year = $1)
          AND ($2::timestamptz IS NULL OR (NOT s.ended AND t.last_time >= $2))
          AND ($3::timestamptz IS NULL OR s.ended OR t.last_time < $3)
        ORDER BY t.last_time DESC, s.id DESC
        LIMIT 500`,
      [q.year, q.activeSince, q.endedBefore],
    );
    return r.rows;
  }

  async get(key: string): Promise<StormRow | null> {
    const r = await this.db.query<StormRow>(`SELECT ${SUMMARY} WHERE s.key = $1`, [key]);
    return r.rows[0] ?? null;
  }

  async track(stormId: number): Promise<PointRow[]> {
    const r = await this.db.query<PointRow>(
      `SELECT ${POINT_COLUMNS} FROM typhoon_track_points WHERE storm_id = $1 ORDER BY time`,
      [stormId],
    );
    return r.rows;
  }

  /** The storm's latest track point (null: none). */
  async latest(stormId: number): Promise<PointRow | null> {
    const r = await this.db.query<PointRow>(
      `SELECT ${POINT_COLUMNS} FROM typhoon_track_points WHERE storm_id = $1 ORDER BY time DESC LIMIT 1`,
      [stormId],
    );
    return r.rows[0] ?? null;
  }

  async forecast(stormId: number): Promise<PointRow[]> {
    const r = await this.db.query<PointRow>(
      `SELECT lead_h, ${POINT_COLUMNS} FROM typhoon_forecast_points WHERE storm_id = $1 ORDER BY lead_h`,
      [stormId],
    );
    return r.rows;
  }
}
