import type { Level, RingLevel } from '@thunderwatch/shared/warnings';

/**
 * An alarm the warning engine raised: a rise of a location's level. The same record is written with the
 * episode and handed to the outbox in that transaction, so its time stays the instant it was raised.
 */
export interface RaisedAlarm {
  id: number;
  alertId: number;
  locationId: number;
  locationName: string;
  groupId: number;
  level: RingLevel;
  /** An alarm is a rise: the level before it is never the highest. */
  previousLevel: Exclude<Level, 3>;
  at: Date;
  nearestKm: number | null;
  bearingDeg: number | null;
}
