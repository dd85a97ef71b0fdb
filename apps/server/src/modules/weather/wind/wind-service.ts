import { galeLevelOf, higherGaleLevel, windForces } from '@thunderwatch/domain/weather/beaufort';
import { windTrend } from '@thunderwatch/domain/weather/wind-trend';
import type { StationWind, StationWindQuery, StationWinds } from '@thunderwatch/shared/schemas/decision';
import { AppError } from '../../../lib/app-error.js';
import { parseStationBox, toStation } from '../stations/station-queries.js';
import type { WindRepo, WindRow } from './wind-repo.js';

const MIN_MS = 60_000;
const HOUR_MS = 3_600_000;
/** Stations one answer covers at most; a wall screen of a province has a few hundred. */
export const WIND_MAX_STATIONS = 5000;
const WORLD = { west: -180, south: -90, east: 180, north: 90 };

/** Each station's latest wind with its Beaufort force and 1-h trend: what the gale screen maps and tables. */
export class WindService {
  constructor(private readonly d: { wind: WindRepo; now: () => Date }) {}

  async latest(q: StationWindQuery): Promise<StationWinds> {
    const at = q.time ? new Date(q.time) : this.d.now();
    const box = q.bbox ? parseStationBox(q.bbox) : WORLD;
    const maxAgeMs = (q.max_age_min ?? 60) * MIN_MS;
    // The trend reads the hour before the latest reading, which may itself be max_age old.
    const rows = await this.d.wind.readings(
      box,
      new Date(at.getTime() - maxAgeMs - HOUR_MS),
      at,
      WIND_MAX_STATIONS,
    );
    if ((rows[0]?.in_box ?? 0) > WIND_MAX_STATIONS)
      throw new AppError('validation.failed', 400, `bbox holds more than ${WIND_MAX_STATIONS} stations`, [
        { field: 'bbox', message: `holds more than ${WIND_MAX_STATIONS} stations; narrow it` },
      ]);
    const stations: StationWind[] = [];
    let galeLevel: StationWinds['gale_level'] = null;
    for (const readings of byStation(rows)) {
      const last = readings[readings.length - 1] as WindRow;
      if (last.time.getTime() <= at.getTime() - maxAgeMs) continue;
      const { force, gustForce } = windForces({ speedMs: last.wind_speed, gustMs: last.wind_gust });
      if ((q.min_force ?? 0) > 0 && Math.max(force ?? -1, gustForce ?? -1) < (q.min_force ?? 0)) continue;
      const trend = windTrend(
        readings.flatMap((r) =>
          r.wind_speed === null ? [] : [{ timeMs: r.time.getTime(), value: r.wind_speed }],
        ),
        last.time.getTime(),
      );
      galeLevel = higherGaleLevel(galeLevel, galeLevelOf(force, gustForce));
      stations.push({
        station: toStation(last),
        time: last.time.toISOString(),
        wind_speed: last.wind_speed,
        wind_dir: last.wind_dir,
        wind_gust: last.wind_gust,
        force,
        gust_force: gustForce,
        trend: trend?.trend ?? null,
        change_ms_per_h: trend?.changePerHourMs ?? null,
      });
    }
    stations.sort(
      (a, b) =>
        (b.force ?? -1) - (a.force ?? -1) ||
        (b.wind_speed ?? -1) - (a.wind_speed ?? -1) ||
        a.station.id.localeCompare(b.station.id),
    );
    return { time: at.toISOString(), gale_level: galeLevel, stations };
  }
}

/** Rows ordered by station then time, as one list per station. */
function* byStation(rows: readonly WindRow[]): Generator<WindRow[]> {
  let current: WindRow[] = [];
  for (const r of rows) {
    if (current.length > 0 && current[0]?.id !== r.id) {
      yield current;
      current = [];
    }
    current.push(r);
  }
  if (current.length > 0) yield current;
}
