import type { TyphoonGrade } from './schemas/typhoon.js';

/**
 * Every alarm is a row of one table (`alarms`), of one of these kinds. Lightning alarms are raised by the
 * ring engine from strokes (and its predictions and field mills); the others are site alarms: an area's
 * evaluation opens one per subject and location while a condition holds, and clears it after.
 */
export const ALARM_KINDS = ['lightning', 'wave', 'typhoon', 'flight', 'weather_warning'] as const;
export type AlarmKind = (typeof ALARM_KINDS)[number];

/**
 * What a site alarm of each kind knows besides its location and level (`alarms.facts`), as stored; times are
 * ISO strings. `legacy_id`: the row's id in the kind's own table before the one table (absent since).
 */
export interface SiteAlarmFacts {
  wave: {
    station_id: string;
    /** From the station to the location. */
    distance_km: number;
    threshold_m: number;
    /** The latest significant wave height the evaluation saw, and the highest since the alarm opened. */
    height_m: number;
    max_height_m: number;
    reading_at: string;
    legacy_id?: number;
  };
  typhoon: {
    storm_id: number;
    inside_gale: boolean;
    distance_km: number;
    /** When the centre passes closest. */
    closest_at: string;
    grade: TyphoonGrade;
    legacy_id?: number;
  };
  flight: {
    icao24: string;
    callsign: string | null;
    /** From the airport. */
    distance_km: number;
    altitude_m: number | null;
    cell_id: string | null;
    /** When the airport's episode this alarm belongs to began (ISO; absent on alarms raised before). */
    episode?: string;
    /** The episode's first alarm, whose message was pushed (not in the app only). */
    pushed?: boolean;
    legacy_id?: number;
  };
  /** The alarm follows its warning's life (subject `life:<life_key>`) to the life's newest message. */
  weather_warning: {
    warning_id: number;
    legacy_id?: number;
  };
}
export type SiteAlarmKind = keyof SiteAlarmFacts;
