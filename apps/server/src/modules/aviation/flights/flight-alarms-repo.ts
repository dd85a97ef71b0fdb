import type { LocationShape } from '@thunderwatch/shared/schemas/geo';
import type { Queryable } from '../../../db/database.js';

/** An enabled airport location. */
export interface AirportRow {
  id: number;
  group_id: number;
  name: string;
  shape: LocationShape;
  airport_icao: string | null;
}

/** The airports flight alarms watch (the alarms are rows of `alarms`, written by `SiteAlarmsRepo`). */
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

  /** When each airport's last pushed episode began, of those begun since `since` (ms by location id). */
  async lastPushed(airportIds: readonly number[], since: Date): Promise<Map<number, number>> {
    if (airportIds.length === 0) return new Map();
    const r = await this.db.query<{ location_id: number; at: Date }>(
      `SELECT location_id::float8 AS location_id, max((facts ->> 'episode')::timestamptz) AS at
         FROM alarms
        WHERE kind = 'flight' AND location_id = ANY($1::bigint[]) AND created_at >= $2
          AND (facts ->> 'pushed')::boolean
        GROUP BY location_id`,
      [airportIds, since],
    );
    return new Map(r.rows.map((x) => [x.location_id, new Date(x.at).getTime()]));
  }
}
