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
}
