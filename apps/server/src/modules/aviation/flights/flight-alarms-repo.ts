import type { LocationShape } from '@thunderwatch/shared/schemas/geo';
import type { Queryable } from '../../../db/database.js';

/** An open flight alarm as the evaluation compares it. */
export interface OpenFlightAlarm {
  id: number;
  icao24: string;
  location_id: number;
}

/** An enabled airport location. */
export interface AirportRow {
  id: number;
  group_id: number;
  name: string;
  shape: LocationShape;
  airport_icao: string | null;
}

export interface FlightAlarmFields {
  icao24: string;
  callsign: string | null;
  locationId: number;
  groupId: number;
  level: 2 | 3;
  distanceKm: number;
  altitudeM: number | null;
  cellId: string | null;
}

/** A flight alarm as a location's history lists it. */
export interface FlightAlarmRow {
  id: number;
  icao24: string;
  callsign: string | null;
  level: number;
  distance_km: number;
  altitude_m: number | null;
  cell_id: string | null;
  raised_at: Date;
  cleared_at: Date | null;
}

/** The SQL of flight alarms (one open row per aircraft and airport) and of the airports they watch. */
export class FlightAlarmsRepo {
  constructor(private readonly db: Queryable) {}

  /** Every enabled live airport location (few: the evaluation reads them each cycle). */
  async airports(): Promise<AirportRow[]> {
    const r = await this.db.query<AirportRow>(
      `SELECT id::float8 AS id, group_id::float8 AS group_id, name, shape, airport_icao
         FROM locations WHERE is_airport AND enabled AND deleted_at IS NULL ORDER BY id`,
    );
    return r.rows;
  }

  async open(tx: Queryable = this.db): Promise<OpenFlightAlarm[]> {
    const r = await tx.query<OpenFlightAlarm>(
      `SELECT id::float8 AS id, icao24, location_id::float8 AS location_id
         FROM flight_alarms WHERE cleared_at IS NULL`,
    );
    return r.rows;
  }

  /** Opens an alarm unless one is open for the aircraft and airport (another node's evaluation); its id if new. */
  async raise(f: FlightAlarmFields, at: Date, tx: Queryable): Promise<number | null> {
    const r = await tx.query<{ id: number }>(
      `INSERT INTO flight_alarms (icao24, callsign, location_id, group_id, level, distance_km, altitude_m,
         cell_id, raised_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
       ON CONFLICT (icao24, location_id) WHERE cleared_at IS NULL DO NOTHING
       RETURNING id::float8 AS id`,
      [f.icao24, f.callsign, f.locationId, f.groupId, f.level, f.distanceKm, f.altitudeM, f.cellId, at],
    );
    return r.rows[0]?.id ?? null;
  }

  /** An open alarm follows the aircraft (no new message). */
  async refresh(id: number, f: FlightAlarmFields, at: Date, tx: Queryable): Promise<void> {
    await tx.query(
      `UPDATE flight_alarms SET distance_km = $2, altitude_m = $3, cell_id = $4, updated_at = $5
        WHERE id = $1 AND cleared_at IS NULL`,
      [id, f.distanceKm, f.altitudeM, f.cellId, at],
    );
  }

  async clear(ids: readonly number[], at: Date, tx: Queryable): Promise<void> {
    if (ids.length === 0) return;
    await tx.query(
      `UPDATE flight_alarms SET cleared_at = $2, updated_at = $2
        WHERE id = ANY($1::bigint[]) AND cleared_at IS NULL`,
      [ids, at],
    );
  }

  /** A location's alarms open now or raised since `since`: open first, then newest first. */
  async recent(locationId: number, since: Date, limit: number): Promise<FlightAlarmRow[]> {
    const r = await this.db.query<FlightAlarmRow>(
      `SELECT id::float8 AS id, icao24, callsign, level, distance_km, altitude_m::float8 AS altitude_m, cell_id,
              raised_at, cleared_at
         FROM flight_alarms
        WHERE location_id = $1 AND (cleared_at IS NULL OR raised_at >= $2)
        ORDER BY cleared_at IS NULL DESC, raised_at DESC, id DESC
        LIMIT $3`,
      [locationId, since, limit],
    );
    return r.rows;
  }
}
