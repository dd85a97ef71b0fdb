import type { AlarmDto, PredictedBy } from '@thunderwatch/shared/schemas/warnings';
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
  /** The location's English name (null: none). */
  locationNameEn: string | null;
  groupId: number;
  level: RingLevel;
  /** An alarm is a rise: the level before it is never the highest. */
  previousLevel: Exclude<Level, 3>;
  at: Date;
  nearestKm: number | null;
  bearingDeg: number | null;
  /** A predicted alarm's jumping cell (null: a ring's alarm). */
  predictedBy: PredictedBy | null;
  /** A field-mill alarm's latest |E| in kV/m (null or absent: not from the field mills). */
  efmKvm?: number | null;
}

/** The alarm as the API and the socket show it, before anyone confirmed it. */
export function alarmDto(a: RaisedAlarm): AlarmDto {
  return {
    id: a.id,
    kind: 'lightning',
    alert_id: a.alertId,
    location_id: a.locationId,
    location_name: a.locationName,
    location_name_en: a.locationNameEn,
    group_id: a.groupId,
    level: a.level,
    previous_level: a.previousLevel,
    subject: null,
    created_at: a.at.toISOString(),
    cleared_at: null,
    nearest_km: a.nearestKm,
    bearing_deg: a.bearingDeg,
    confirmed_at: null,
    confirmed_by: null,
    note: null,
    predicted_by: a.predictedBy,
    facts: null,
    about: null,
  };
}
