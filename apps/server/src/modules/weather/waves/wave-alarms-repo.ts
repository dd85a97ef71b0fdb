import type { WaveExceedance } from '@thunderwatch/domain/wave-alarms';
import type { LocationShape } from '@thunderwatch/shared/schemas/geo';
import type { WaveAlarm } from '@thunderwatch/shared/schemas/wave-alarms';
import type { Queryable } from '../../../db/database.js';

/** An open wave alarm as the evaluation compares it. */
export interface OpenWaveAlarm {
  id: number;
  station_id: string;
  location_id: number;
}

/** A station's latest significant wave height (rows without one are passed over) and where it is. */
export interface StationHeight {
  id: string;
  name: string;
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
  shape: LocationShape;
  wave_alert_cm: number | null;
}

export interface WaveAlarmFields extends WaveExceedance {
  groupId: number;
  readingAt: Date;
}

const DTO = `a.id::float8 AS id, a.station_id, s.name AS station_name, s.lat, s.lon,
  a.location_id::float8 AS location_id, l.name AS location_name, a.group_id::float8 AS group_id, a.level,
  a.distance_km, a.threshold_m, a.height_m, a.max_height_m, a.reading_at, a.raised_at, a.cleared_at
  FROM wave_alarms a JOIN weather_stations s ON s.id = a.station_id JOIN locations l ON l.id = a.location_id`;

interface DtoRow {
  id: number;
  station_id: string;
  station_name: string;
  lat: number;
  lon: number;
  location_id: number;
  location_name: string;
  group_id: number;
  level: 2 | 3;
  distance_km: number;
  threshold_m: number;
  height_m: number;
  max_height_m: number;
  reading_at: Date;
  raised_at: Date;
  cleared_at: Date | null;
}

const metres = (x: number) => Math.round(x * 100) / 100;

const toDto = (r: DtoRow): WaveAlarm => ({
  id: r.id,
  station: { id: r.station_id, name: r.station_name, lat: r.lat, lon: r.lon },
  location_id: r.location_id,
  location_name: r.location_name,
  group_id: r.group_id,
  level: r.level,
  distance_km: Math.round(r.distance_km * 10) / 10,
  threshold_m: metres(r.threshold_m),
  height_m: metres(r.height_m),
  max_height_m: metres(r.max_height_m),
  reading_at: r.reading_at.toISOString(),
  raised_at: r.raised_at.toISOString(),
  cleared_at: r.cleared_at?.toISOString() ?? null,
});

export class WaveAlarmsRepo {
  constructor(private readonly db: Queryable) {}

  async open(tx: Queryable = this.db): Promise<OpenWaveAlarm[]> {
    const r = await tx.query<OpenWaveAlarm>(
      `SELECT id::float8 AS id, station_id, location_id::float8 AS location_id
         FROM wave_alarms WHERE cleared_at IS NULL`,
    );
    return r.rows;
  }

  async locations(): Promise<WaveLocationRow[]> {
    const r = await this.db.query<WaveLocationRow>(
      `SELECT id::float8 AS id, group_id::float8 AS group_id, name, shape, wave_alert_cm
         FROM locations WHERE enabled AND deleted_at IS NULL`,
    );
    return r.rows;
  }

  /** Each station's latest wave height in (from, at]; stations without one are left out. */
  async latestHeights(stationIds: readonly string[], from: Date, at: Date): Promise<StationHeight[]> {
    if (stationIds.length === 0) return [];
    const r = await this.db.query<StationHeight>(
      `SELECT s.id, s.name, s.lat, s.lon, h.wave_height AS height_m, h.time
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

  /** Opens an alarm unless one is open for the station and location (another node's evaluation); its id if new. */
  async raise(f: WaveAlarmFields, at: Date, tx: Queryable): Promise<number | null> {
    const r = await tx.query<{ id: number }>(
      `INSERT INTO wave_alarms (station_id, location_id, group_id, level, distance_km, threshold_m, height_m,
         max_height_m, reading_at, raised_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9, $9)
       ON CONFLICT (station_id, location_id) WHERE cleared_at IS NULL DO NOTHING
       RETURNING id::float8 AS id`,
      [f.stationId, f.locationId, f.groupId, f.level, f.distanceKm, f.thresholdM, f.heightM, f.readingAt, at],
    );
    return r.rows[0]?.id ?? null;
  }

  /** An open alarm follows the sea (no new message); its level stays the one it was raised with. */
  async refresh(id: number, f: WaveAlarmFields, at: Date, tx: Queryable): Promise<void> {
    await tx.query(
      `UPDATE wave_alarms SET distance_km = $2, threshold_m = $3, height_m = $4,
         max_height_m = GREATEST(max_height_m, $4), reading_at = $5, updated_at = $6
       WHERE id = $1 AND cleared_at IS NULL`,
      [id, f.distanceKm, f.thresholdM, f.heightM, f.readingAt, at],
    );
  }

  async clear(ids: readonly number[], at: Date, tx: Queryable): Promise<void> {
    if (ids.length === 0) return;
    await tx.query(
      `UPDATE wave_alarms SET cleared_at = $2, updated_at = $2
        WHERE id = ANY($1::bigint[]) AND cleared_at IS NULL`,
      [ids, at],
    );
  }

  /** Alarms of one group (or all for null), newest first; `active` true: open only, false: cleared only. */
  async list(q: { groupId: number | null; active: boolean | null }): Promise<WaveAlarm[]> {
    const r = await this.db.query<DtoRow>(
      `SELECT ${DTO}
        WHERE ($1::bigint IS NULL OR a.group_id = $1)
          AND ($2::boolean IS NULL OR (a.cleared_at IS NULL) = $2)
        ORDER BY a.raised_at DESC, a.id DESC
        LIMIT 500`,
      [q.groupId, q.active],
    );
    return r.rows.map(toDto);
  }
}
