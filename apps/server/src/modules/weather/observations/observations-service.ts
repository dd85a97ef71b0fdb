import { distanceKm } from '@thunderwatch/domain/geo/geodesy';
import { boxAroundPoints, idwGrid } from '@thunderwatch/domain/geo/idw-grid';
import { OBSERVATION_RANGES, type TimeWindow } from '@thunderwatch/domain/weather/observation-fields';
import { parseObservationsCsv, parseObservationsJson } from '@thunderwatch/domain/weather/observation-parse';
import { downsample } from '@thunderwatch/domain/weather/series-downsample';
import {
  type MetEleGrid,
  type MetEleGridQuery,
  type MetEleQuery,
  type MetEleSeries,
  OBSERVATION_ELEMENTS,
  type ObservationElementName,
  type ObservationReadings,
  SERIES_MAX_DAYS,
  type WeatherIngestResult,
  type WeatherNow,
  type WeatherNowQuery,
} from '@thunderwatch/shared/schemas/weather';
import type { Database } from '../../../db/database.js';
import { boxAround } from '../../lightning/strokes/strokes-repo.js';
import type { ReadingsRepo } from '../stations/readings-repo.js';
import { parseStationBox, seriesWindow, stationsOf, toStation } from '../stations/station-queries.js';
import { writeStationReadings } from '../stations/station-writes.js';
import type { StationsRepo } from '../stations/stations-repo.js';

const MIN_MS = 60_000;
/** Stations considered for weather_now before the nearest with a recent reading are picked. */
const NEAR_CANDIDATES = 200;
/** Stations read into one grid. */
const GRID_STATIONS = 5000;
const WORLD = { west: -180, south: -90, east: 180, north: 90 };

/** Observations from weather stations: ingest, the latest near a point, series and an interpolated grid. */
export class ObservationsService {
  constructor(
    private readonly d: {
      db: Database;
      stations: StationsRepo;
      readings: ReadingsRepo<ObservationElementName>;
      retentionDays: number;
      now: () => Date;
    },
  ) {}

  private window(): TimeWindow {
    return { nowMs: this.d.now().getTime(), retentionDays: this.d.retentionDays };
  }

  /**
   * A JSON array or CSV text: the valid rows are stored and each bad row named in `rejected`; a batch
   * with no valid row, or that is not a batch (not an array, a bad header), is refused with 400.
   */
  async ingest(source: string, body: unknown): Promise<WeatherIngestResult> {
    const parsed =
      typeof body === 'string'
        ? parseObservationsCsv(body, this.window())
        : parseObservationsJson(body, this.window());
    return writeStationReadings(
      { db: this.d.db, stations: this.d.stations, readings: this.d.readings },
      source,
      parsed.rows.map((r) => ({
        row: r.row,
        station: r.station,
        timeMs: r.timeMs,
        values: OBSERVATION_ELEMENTS.map((e) => r.readings[e]),
      })),
      parsed.problems,
    );
  }

  async now(q: WeatherNowQuery): Promise<WeatherNow> {
    const now = this.d.now();
    const radiusKm = q.radius_km ?? 200;
    const near = (await this.d.stations.within(boxAround({ lat: q.lat, lon: q.lon, radiusKm }), 100_000))
      .map((s) => ({ s, km: distanceKm(q.lat, q.lon, s.lat, s.lon) }))
      .filter((x) => x.km <= radiusKm)
      .sort((a, b) => a.km - b.km)
      .slice(0, NEAR_CANDIDATES);
    const latest = new Map(
      (
        await this.d.readings.latest(
          near.map((x) => x.s.id),
          new Date(now.getTime() - (q.max_age_min ?? 180) * MIN_MS),
          now,
        )
      ).map((r) => [r.station_id, r]),
    );
    const items: WeatherNow['items'] = [];
    for (const { s, km } of near) {
      const r = latest.get(s.id);
      if (!r) continue;
      items.push({
        station: toStation(s),
        distance_km: Math.round(km * 100) / 100,
        time: r.time.toISOString(),
        age_min: Math.round((now.getTime() - r.time.getTime()) / 6000) / 10,
        readings: Object.fromEntries(
          OBSERVATION_ELEMENTS.map((e, i) => [e, r.values[i] ?? null]),
        ) as ObservationReadings,
      });
      if (items.length >= (q.limit ?? 5)) break;
    }
    return { items };
  }

  async series(q: MetEleQuery): Promise<MetEleSeries> {
    const w = seriesWindow(q, this.d.now(), SERIES_MAX_DAYS);
    const stations = await stationsOf(this.d.stations, q);
    const rows = await this.d.readings.series(
      stations.map((s) => s.id),
      q.element,
      w.from,
      w.to,
    );
    const byStation = new Map<string, { timeMs: number; value: number }[]>();
    for (const r of rows) {
      const list = byStation.get(r.station_id) ?? [];
      list.push({ timeMs: r.time.getTime(), value: r.value });
      byStation.set(r.station_id, list);
    }
    const circular = q.element === 'wind_dir';
    return {
      element: q.element,
      unit: OBSERVATION_RANGES[q.element].unit,
      interval_min: w.intervalMin,
      from: w.from.toISOString(),
      to: w.to.toISOString(),
      series: stations.map((s) => ({
        station: toStation(s),
        points: downsample(byStation.get(s.id) ?? [], w.from.getTime(), w.intervalMin * MIN_MS, circular).map(
          ({ timeMs, ...b }) => ({ time: new Date(timeMs).toISOString(), ...b }),
        ),
      })),
    };
  }

  async grid(q: MetEleGridQuery): Promise<MetEleGrid> {
    const at = q.time ? new Date(q.time) : this.d.now();
    const box = q.bbox ? parseStationBox(q.bbox, true) : null;
    const stations = await this.d.stations.within(box ?? WORLD, GRID_STATIONS);
    const latest = await this.d.readings.latest(
      stations.map((s) => s.id),
      new Date(at.getTime() - (q.max_age_min ?? 60) * MIN_MS),
      at,
    );
    const column = OBSERVATION_ELEMENTS.indexOf(q.element);
    const positions = new Map(stations.map((s) => [s.id, s]));
    const points = latest.flatMap((r) => {
      const s = positions.get(r.station_id);
      const value = r.values[column];
      return s && value !== null && value !== undefined ? [{ lat: s.lat, lon: s.lon, value }] : [];
    });
    const extent = box ?? boxAroundPoints(points) ?? WORLD;
    const cols = q.cols ?? 60;
    const aspect = (extent.north - extent.south) / Math.max(1e-9, extent.east - extent.west);
    const rows = Math.min(200, Math.max(1, Math.round(cols * aspect)));
    const grid = idwGrid(points, extent, { cols, rows, maxDistanceKm: q.max_distance_km ?? 150 });
    return {
      element: q.element,
      unit: OBSERVATION_RANGES[q.element].unit,
      time: at.toISOString(),
      ...grid,
      stations: points.length,
    };
  }
}
