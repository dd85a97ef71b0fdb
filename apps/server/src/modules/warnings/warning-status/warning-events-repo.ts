import type { Queryable } from '../../../db/database.js';

/** A change of a location's warning level, as the engine recorded it (`warning_events`). */
export interface LevelChange {
  at: Date;
  from_level: number;
  to_level: number;
}

/** The level changes the warning engine recorded, read for warning skill. */
export class WarningEventsRepo {
  constructor(private readonly db: Queryable) {}

  /** A location's level changes in [from, to), with the last one before `from` (the level it starts at). */
  async periods(locationId: number, from: Date, to: Date): Promise<LevelChange[]> {
    const r = await this.db.query<LevelChange>(
      `(SELECT at, from_level, to_level FROM warning_events
        WHERE location_id = $1 AND at < $2 ORDER BY at DESC, id DESC LIMIT 1)
       UNION ALL
       (SELECT at, from_level, to_level FROM warning_events
        WHERE location_id = $1 AND at >= $2 AND at < $3 ORDER BY at, id)`,
      [locationId, from, to],
    );
    return r.rows.sort((a, b) => a.at.getTime() - b.at.getTime());
  }
}
