import { douglasDegree } from '@thunderwatch/domain/weather/douglas-scale';
import type { TimeWindow } from '@thunderwatch/domain/weather/observation-fields';
import { parseNdbcRealtime, parseWavesJson } from '@thunderwatch/domain/weather/wave-parse';
import {
  SERIES_MAX_DAYS,
  WAVE_ELEMENTS,
  type WaveData,
  type WaveDataQuery,
  type WaveElementName,
  type WaveIngestQuery,
  type WaveReading,
  type WeatherIngestResult,
} from '@thunderwatch/shared/schemas/weather';
import type { Database } from '../../../db/database.js';
import { AppError } from '../../../lib/app-error.js';
import type { ReadingsRepo } from '../stations/readings-repo.js';
import { SERIES_MAX_STATIONS, seriesWindow, stationsOf, toStation } from '../stations/station-queries.js';
import { writeStationReadings } from '../stations/station-writes.js';
import type { StationRow, StationsRepo } from '../stations/stations-repo.js';

/** A buoy's latest reading counts as current for this long (NDBC buoys report every 10 to 60 min). */
const LATEST_MAX_AGE_MS = 6 * 3_600_000;
/** Readings one series answer holds at most (a month of 10-min readings at one station is 4,464). */
const SERIES_MAX_READINGS = 50_000;

const WAVE_COLUMNS = WAVE_ELEMENTS.map((e) => e);

/** Sea waves at buoys and coastal stations: ingest (NDBC realtime2 text, JSON), series, latest per station. */
export class WavesService {
  constructor(
    private readonly d: {
      db: Database;
      stations: StationsRepo;
      readings: ReadingsRepo<WaveElementName>;
      retentionDays: number;
      alertHeightM: number;
      now: () => Date;
      /** Run after readings are stored, with their stations (wave alarms are evaluated for them). */
      afterIngest?: (stationIds: readonly string[]) => Promise<void>;
    },
  ) {}

  private window(): TimeWindow {
    return { nowMs: this.d.now().getTime(), retentionDays: this.d.retentionDays };
  }

  /**
   * NDBC text names no station: it comes from the query (`station`, and `lat, lon, name` for a new one).
   * JSON rows name their own. The valid rows are stored and the bad ones named, as observations.
   */
  async ingest(source: string, body: unknown, q: WaveIngestQuery): Promise<WeatherIngestResult> {
    let parsed: ReturnType<typeof parseWavesJson>;
    if (typeof body === 'string') {
      if (!q.station)
        throw new AppError('validation.failed', 400, 'NDBC text needs ?station=', [
          { field: 'station', message: 'is required with NDBC text' },
        ]);
      if ((q.lat === undefined) !== (q.lon === undefined))
        throw new AppError('validation.failed', 400, 'lat and lon come together', [
          { field: q.lat === undefined ? 'lat' : 'lon', message: 'lat and lon come together' },
        ]);
      const station = {
        id: q.station,
        name: q.name ?? null,
        nameEn: q.name_en ?? null,
        lat: q.lat ?? null,
        lon: q.lon ?? null,
        elevation: q.elevation ?? null,
      };
      parsed = parseNdbcRealtime(body, station, this.window());
    } else parsed = parseWavesJson(body, this.window());
    const result = await writeStationReadings(
      { db: this.d.db, stations: this.d.stations, readings: this.d.readings },
      source,
      parsed.rows.map((r) => ({ ...r, values: WAVE_ELEMENTS.map((e) => r.values[e]) })),
      parsed.problems,
    );
    await this.d.afterIngest?.([...new Set(parsed.rows.map((r) => r.station.id))]);
    return result;
  }

  async data(q: WaveDataQuery): Promise<WaveData> {
    const latest = q.latest === '1' || q.latest === 'true';
    const stations = await stationsOf(this.d.stations, q, latest ? 5000 : SERIES_MAX_STATIONS);
    const result: WaveData = { alert_height_m: this.d.alertHeightM, stations: [] };
    if (latest) {
      const to = q.to ? new Date(q.to) : this.d.now();
      const rows = await this.d.readings.latest(
        stations.map((s) => s.id),
        new Date(to.getTime() - LATEST_MAX_AGE_MS),
        to,
      );
      const byId = new Map(stations.map((s) => [s.id, s]));
      for (const r of rows) {
        const s = byId.get(r.station_id) as StationRow;
        result.stations.push({ station: toStation(s), readings: [this.reading(r.time, r.values)] });
      }
      return result;
    }
    const w = seriesWindow(q, this.d.now(), SERIES_MAX_DAYS);
    const rows = await this.d.readings.rows(
      stations.map((s) => s.id),
      w.from,
      w.to,
      SERIES_MAX_READINGS + 1,
    );
    if (rows.length > SERIES_MAX_READINGS)
      throw new AppError('validation.failed', 400, `more than ${SERIES_MAX_READINGS} readings`, [
        { field: 'from', message: `more than ${SERIES_MAX_READINGS} readings; narrow the range` },
      ]);
    for (const s of stations) {
      const readings = rows.filter((r) => r.station_id === s.id).map((r) => this.reading(r.time, r.values));
      result.stations.push({ station: toStation(s), readings });
    }
    return result;
  }

  private reading(time: Date, values: readonly (number | null)[]): WaveReading {
    const v = Object.fromEntries(WAVE_COLUMNS.map((e, i) => [e, values[i] ?? null])) as Record<
      WaveElementName,
      number | null
    >;
    return {
      time: time.toISOString(),
      ...v,
      douglas: douglasDegree(v.wave_height),
      alert: v.wave_height !== null && v.wave_height >= this.d.alertHeightM,
    };
  }
}
