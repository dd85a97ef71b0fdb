import type { SiteAlarmFacts } from '@thunderwatch/shared/alarm-kinds';
import type { LocationShape } from '@thunderwatch/shared/schemas/geo';
import type { AlarmAbout } from '@thunderwatch/shared/schemas/warnings';
import type { WaveAlarm } from '@thunderwatch/shared/schemas/wave-alarms';
import type { Queryable } from '../../../db/database.js';
import type { AlarmDescriber, DescribedAlarm } from '../../warnings/alarms/alarm-descriptions.js';
import { listedRows } from '../../warnings/alarms/site-alarms-repo.js';

/** A station's latest significant wave height (rows without one are passed over) and where it is. */
export interface StationHeight {
  id: string;
  name: string;
  name_en: string | null;
  lat: number;
  lon: number;
  height_m: number;
  time: Date;
}

/** An enabled location as wave alarms measure it, with its own threshold (cm) if it has one. */
export interface WaveLocationRow {
  id: number;
  group_id: number;
  name: string;
  name_en: string | null;
  shape: LocationShape;
  wave_alert_cm: number | null;
}

const metres = (x: number) => Math.round(x * 100) / 100;

interface DtoRow {
  id: number;
  station_id: string;
  station_name: string;
  station_name_en: string | null;
  lat: number;
  lon: number;
  location_id: number;
  location_name: string;
  location_name_en: string | null;
  group_id: number;
  level: 2 | 3;
  raised_at: Date;
  cleared_at: Date | null;
  facts: SiteAlarmFacts['wave'];
}

/**
 * What wave alarms read besides their own rows (`SiteAlarmsRepo` writes those): the locations, the stations'
 * latest heights, and the alarms as `/api/wave_data/alarms` lists them.
 */
export class WaveAlarmsRepo implements AlarmDescriber<'wave'> {
  readonly kind = 'wave';

  constructor(private readonly db: Queryable) {}

  /**
   * Each alarm's station by its names now: `name` the English one where the station has one, `name_zh` then
   * its own (the demo's are Chinese); a station with one name only has it as `name`.
   */
  async describe(alarms: readonly DescribedAlarm<'wave'>[]): Promise<Map<number, AlarmAbout>> {
    const r = await this.db.query<{ id: string; name: string; name_en: string | null }>(
      `SELECT id, name, name_en FROM weather_stations WHERE id = ANY($1::text[])`,
      [[...new Set(alarms.map((a) => a.facts.station_id))]],
    );
    const names = new Map(r.rows.map((s) => [s.id, s]));
    const out = new Map<number, AlarmAbout>();
    for (const a of alarms) {
      const s = names.get(a.facts.station_id);
      if (s !== undefined)
        out.set(a.id, {
          name: s.name_en ?? s.name,
          name_zh: s.name_en === null ? null : s.name,
          warning: null,
        });
    }
    return out;
  }

  async locations(): Promise<WaveLocationRow[]> {
    const r = await this.db.query<WaveLocationRow>(
      `SELECT id::float8 AS id, group_id::float8 AS group_id, name, name_en, shape, wave_alert_cm
         FROM locations WHERE enabled AND deleted_at IS NULL`,
    );
    return r.rows;
  }

  /** Each station's latest wave height in (from, at]; stations without one are left out. */
  async latestHeights(stationIds: readonly string[], from: Date, at: Date): Promise<StationHeight[]> {
    if (stationIds.length === 0) return [];
    const r = await this.db.query<StationHeight>(
      `SELECT s.id, s.name, s.name_en, s.lat, s.lon, h.wave_height AS height_m, h.time
         FROM weather_stations s
         JOIN LATERAL (
           SELECT wave_height, time FROM wave_readings w
            WHERE w.station_id = s.id AND w.time > $2 AND w.time <= $3 AND w.wave_height IS NOT NULL
            ORDER BY w.time DESC LIMIT 1
         ) h ON true
        WHERE s.id = ANY($1::text[])`,
      [stationIds, from, at],
    );
    return r.rows;
  }

  /** Alarms of one group (or all for null), newest first; `active` true: open only, false: cleared only. */
  async list(q: { groupId: number | null; active: boolean | null }): Promise<WaveAlarm[]> {
    const r = await this.db.query<DtoRow>(
      `SELECT a.id::float8 AS id, s.id AS station_id, s.name AS station_name, s.name_en AS station_name_en, s.lat, s.lon,
          a.location_id::float8 AS location_id, l.name AS location_name, l.name_en AS location_name_en,
          a.group_id::float8 AS group_id, a.level, a.created_at AS raised_at, a.cleared_at, a.facts
         FROM alarms a
         JOIN weather_stations s ON s.id = a.facts ->> 'station_id'
         JOIN locations l ON l.id = a.location_id
        ${listedRows('wave')}`,
      [q.groupId, q.active],
    );
    return r.rows.map(({ facts: f, ...r }) => ({
      id: r.id,
      station: { id: r.station_id, name: r.station_name, name_en: r.station_name_en, lat: r.lat, lon: r.lon },
      location_id: r.location_id,
      location_name: r.location_name,
      location_name_en: r.location_name_en,
      group_id: r.group_id,
      level: r.level,
      distance_km: Math.round(f.distance_km * 10) / 10,
      threshold_m: metres(f.threshold_m),
      height_m: metres(f.height_m),
      max_height_m: metres(f.max_height_m),
      reading_at: new Date(f.reading_at).toISOString(),
      raised_at: r.raised_at.toISOString(),
      cleared_at: r.cleared_at?.toISOString() ?? null,
    }));
  }
}
