import type { LocationShape } from '@thunderwatch/shared/schemas/geo';
import type { Queryable } from '../../../db/database.js';

/** An enabled airport location. */
export interface AirportRow {
  id: number;
  group_id: number;
  name: string;
  name_en: string | null;
  shape: LocationShape;
  airport_icao: string | null;
}

/** The airports flight alarms watch (the alarms are rows of `alarms`, written by `SiteAlarmsRepo`). */
export class FlightAlarmsRepo {
  constructor(private readonly db: Queryable) {}

  /** Every enabled live airport location (few: the evaluation reads them each cycle). */
  async airports(): Promise<AirportRow[]> {
    const r = await this.db.query<AirportRow>(
      `SELECT id::float8 AS id, group_id::float8 AS group_id, name, name_en, shape, airport_icao
         FROM locations WHERE is_airport AND enabled AND deleted_at IS NULL ORDER BY id`,
    );
    return r.rows;
  }

  /**
   * What the telling of each airport's flight alarms needs (flight-episodes.ts): when its open alert began
   * (its warning episode), the episode of its newest flight alarm, and when its last pushed one was raised
   * (since `since`).
   */
  async episodes(
    airportIds: readonly number[],
    since: Date,
  ): Promise<{
    warningEpisode: Map<number, string>;
    toldEpisode: Map<number, string>;
    lastPushedAt: Map<number, number>;
    /** The aircraft already told of in each airport's current warning episode. */
    toldAircraft: Map<number, Set<string>>;
  }> {
    const out = {
      warningEpisode: new Map<number, string>(),
      toldEpisode: new Map<number, string>(),
      lastPushedAt: new Map<number, number>(),
      toldAircraft: new Map<number, Set<string>>(),
    };
    if (airportIds.length === 0) return out;
    const r = await this.db.query<{
      id: number;
      alert: Date | null;
      told: string | null;
      pushed: Date | null;
      aircraft: string[] | null;
    }>(
      `SELECT l.id::float8 AS id, a.started_at AS alert,
          (SELECT array_agg(DISTINCT m.facts ->> 'icao24') FROM alarms m WHERE m.kind = 'flight'
            AND m.location_id = l.id AND m.created_at >= a.started_at
            AND (m.facts ->> 'episode')::timestamptz = a.started_at) AS aircraft,
          (SELECT m.facts ->> 'episode' FROM alarms m WHERE m.kind = 'flight' AND m.location_id = l.id
            ORDER BY m.created_at DESC, m.id DESC LIMIT 1) AS told,
          (SELECT max(m.created_at) FROM alarms m WHERE m.kind = 'flight' AND m.location_id = l.id
            AND m.created_at >= $2 AND (m.facts ->> 'pushed')::boolean) AS pushed
         FROM unnest($1::bigint[]) AS l(id)
         LEFT JOIN alerts a ON a.location_id = l.id AND a.ended_at IS NULL`,
      [airportIds, since],
    );
    for (const x of r.rows) {
      if (x.alert) out.warningEpisode.set(x.id, new Date(x.alert).toISOString());
      if (x.told) out.toldEpisode.set(x.id, x.told);
      if (x.pushed) out.lastPushedAt.set(x.id, new Date(x.pushed).getTime());
      if (x.aircraft) out.toldAircraft.set(x.id, new Set(x.aircraft));
    }
    return out;
  }
}
