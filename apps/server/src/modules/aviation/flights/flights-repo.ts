import type { AircraftPosition } from '@thunderwatch/domain/aviation/aircraft-position';
import type { HazardCell, HazardStroke } from '@thunderwatch/domain/aviation/flight-hazard';
import type { Database } from '../../../db/database.js';
import type { StrokePartitions } from '../../lightning/strokes/partitions.js';

export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface PositionRow {
  icao24: string;
  ms: number;
  lat: number;
  lon: number;
  altitude_m: number | null;
  on_ground: boolean;
  speed_ms: number | null;
  track_deg: number | null;
  vertical_rate_ms: number | null;
  callsign: string | null;
  squawk: string | null;
}

const COLUMNS = `icao24, (extract(epoch FROM time) * 1000)::float8 AS ms, lat, lon, altitude_m, on_ground, speed_ms,
  track_deg, vertical_rate_ms, callsign, squawk`;

/** `west > east` crosses the antimeridian. */
function boxSql(first: number): string {
  return `lat BETWEEN $${first + 1} AND $${first + 3}
    AND (CASE WHEN $${first}::float8 <= $${first + 2}::float8 THEN lon BETWEEN $${first} AND $${first + 2}
              ELSE lon >= $${first} OR lon <= $${first + 2} END)`;
}
const boxParams = (b: Box) => [b.west, b.south, b.east, b.north];

/** The SQL of aircraft positions (day partitions) and the strokes and cells their hazard is judged from. */
export class FlightsRepo {
  constructor(
    private readonly db: Database,
    readonly partitions: StrokePartitions,
  ) {}

  /**
   * Writes positions (at most one per aircraft and time) in one statement. Values travel as array literals
   * built with a native join: ids, callsigns and squawks are checked to plain characters at parse time.
   */
  async insert(rows: readonly AircraftPosition[], source: string): Promise<number> {
    if (rows.length === 0) return 0;
    await this.partitions.ensure(
      this.db,
      rows.map((r) => r.timeMs),
    );
    const list = (f: (r: AircraftPosition) => string | number | boolean | null) =>
      `{${rows.map((r) => f(r) ?? 'NULL').join(',')}}`;
    const r = await this.db.query(
      `INSERT INTO aircraft_positions (icao24, time, lat, lon, altitude_m, on_ground, speed_ms, track_deg,
         vertical_rate_ms, callsign, squawk, source)
       SELECT icao24, 'epoch'::timestamptz + ms * interval '1 millisecond', lat, lon, alt, ground, speed, track,
         vrate, callsign, squawk, $12
       FROM unnest($1::text[], $2::float8[], $3::float8[], $4::float8[], $5::real[], $6::boolean[], $7::real[],
         $8::real[], $9::real[], $10::text[], $11::text[])
         AS u(icao24, ms, lat, lon, alt, ground, speed, track, vrate, callsign, squawk)
       ON CONFLICT (icao24, time) DO UPDATE SET lat = EXCLUDED.lat, lon = EXCLUDED.lon,
         altitude_m = EXCLUDED.altitude_m, on_ground = EXCLUDED.on_ground, speed_ms = EXCLUDED.speed_ms,
         track_deg = EXCLUDED.track_deg, vertical_rate_ms = EXCLUDED.vertical_rate_ms,
         callsign = EXCLUDED.callsign, squawk = EXCLUDED.squawk, source = EXCLUDED.source, received_at = now()`,
      [
        list((p) => p.icao24),
        list((p) => p.timeMs),
        list((p) => p.lat),
        list((p) => p.lon),
        list((p) => p.altitudeM),
        list((p) => p.onGround),
        list((p) => p.speedMs),
        list((p) => p.trackDeg),
        list((p) => p.verticalRateMs),
        list((p) => p.callsign),
        list((p) => p.squawk),
        source,
      ],
    );
    return r.rowCount ?? rows.length;
  }

  /** Each aircraft's latest position in (from, at] when that position lies in the box; at most `limit`. */
  async latest(box: Box, from: Date, at: Date, limit: number): Promise<PositionRow[]> {
    const r = await this.db.query<PositionRow>(
      `SELECT * FROM (SELECT DISTINCT ON (icao24) ${COLUMNS} FROM aircraft_positions
         WHERE time > $1 AND time <= $2 ORDER BY icao24, time DESC) AS latest
       WHERE ${boxSql(3)} ORDER BY icao24 LIMIT $7::int`,
      [from, at, ...boxParams(box), limit],
    );
    return r.rows;
  }

  /**
   * As `latest`, for a small box (an airport's circle): each aircraft's latest position in the box first (only
   * the box's rows are sorted), kept when the aircraft has no newer position anywhere (one primary-key probe
   * per aircraft in the box). The same answer as `latest`, without sorting the whole feed's window.
   */
  async latestInSmallBox(box: Box, from: Date, at: Date, limit: number): Promise<PositionRow[]> {
    const r = await this.db.query<PositionRow>(
      `SELECT ${COLUMNS} FROM (SELECT DISTINCT ON (icao24) * FROM aircraft_positions
         WHERE time > $1 AND time <= $2 AND ${boxSql(3)} ORDER BY icao24, time DESC) AS c
       WHERE NOT EXISTS (SELECT 1 FROM aircraft_positions n
                         WHERE n.icao24 = c.icao24 AND n.time > c.time AND n.time <= $2)
       ORDER BY icao24 LIMIT $7::int`,
      [from, at, ...boxParams(box), limit],
    );
    return r.rows;
  }

  /** One aircraft's positions over [from, to], oldest first, at most `limit`. */
  async track(icao24: string, from: Date, to: Date, limit: number): Promise<PositionRow[]> {
    const r = await this.db.query<PositionRow>(
      `SELECT ${COLUMNS} FROM aircraft_positions WHERE icao24 = $1 AND time >= $2 AND time <= $3
       ORDER BY time LIMIT $4::int`,
      [icao24, from, to, limit],
    );
    return r.rows;
  }

  /** Strokes in (from, to] inside the box, at most `limit` (the newest first). */
  async strokes(box: Box, from: Date, to: Date, limit: number): Promise<HazardStroke[]> {
    const r = await this.db.query<HazardStroke>(
      `SELECT lat, lon, (extract(epoch FROM time) * 1000)::float8 AS "timeMs" FROM strokes
       WHERE time > $1 AND time <= $2 AND ${boxSql(3)} ORDER BY time DESC LIMIT $7::int`,
      [from, to, ...boxParams(box), limit],
    );
    return r.rows;
  }

  /**
   * The tracker's steps in [from, to], oldest first, each with the outer rings of its cells whose centroid
   * lies in the box (a step of a big storm system holds thousands of cells; the filter runs in the database).
   */
  async cellSteps(box: Box, from: Date, to: Date): Promise<{ ms: number; cells: HazardCell[] }[]> {
    const r = await this.db.query<{ ms: number; cells: HazardCell[] }>(
      `SELECT (extract(epoch FROM time) * 1000)::float8 AS ms,
         COALESCE((SELECT jsonb_agg(jsonb_build_object('id', f -> 'properties' ->> 'id',
                                                       'ring', f -> 'geometry' -> 'coordinates' -> 0))
           FROM jsonb_array_elements(features) AS f
           WHERE (f -> 'properties' -> 'centroid' ->> 1)::float8 BETWEEN $4 AND $6
             AND (f -> 'properties' -> 'centroid' ->> 0)::float8 BETWEEN $3 AND $5), '[]'::jsonb) AS cells
       FROM cell_steps WHERE time >= $1 AND time <= $2 ORDER BY time`,
      [from, to, ...boxParams(box)],
    );
    return r.rows;
  }
}
