import type { StationDto } from '@thunderwatch/shared/schemas/weather';
import { AppError } from '../../../lib/app-error.js';
import { parseBbox } from '../../lightning/strokes/stroke-filter.js';
import type { Box, StationRow, StationsRepo } from './stations-repo.js';

const DAY_MS = 86_400_000;
const MIN_MS = 60_000;
/** Buckets a series has at most when no interval is asked for. */
const DEFAULT_BUCKETS = 300;
/** Stations one bbox series reads at most. */
export const SERIES_MAX_STATIONS = 50;

const invalid = (field: string, message: string) =>
  new AppError('validation.failed', 400, `${field} ${message}`, [{ field, message }]);

export function toStation(s: StationRow): StationDto {
  return { id: s.id, name: s.name, name_en: s.name_en, lat: s.lat, lon: s.lon, elevation: s.elevation_m };
}

/** A bbox as `west,south,east,north`; `noWrap` refuses one across 180° (a grid cannot be drawn over it). */
export function parseStationBox(raw: string, noWrap = false): Box {
  const box = parseBbox(raw) as Box;
  if (noWrap && box.west >= box.east) throw invalid('bbox', 'needs west < east');
  return box;
}

/** `from`/`to` (default the last 24 h, at most `maxDays`) and the bucket size in minutes. */
export function seriesWindow(
  q: { from?: string; to?: string; interval?: number },
  now: Date,
  maxDays: number,
): { from: Date; to: Date; intervalMin: number } {
  const to = q.to ? new Date(q.to) : now;
  const from = q.from ? new Date(q.from) : new Date(to.getTime() - DAY_MS);
  if (from >= to) throw invalid('from', 'must be before to');
  if (to.getTime() - from.getTime() > maxDays * DAY_MS)
    throw invalid('from', `must be within ${maxDays} days of to`);
  const intervalMin =
    q.interval ?? Math.max(1, Math.ceil((to.getTime() - from.getTime()) / MIN_MS / DEFAULT_BUCKETS));
  return { from, to, intervalMin };
}

/** The stations a query names: one by `station`, or those in `bbox` (at most `max`). */
export async function stationsOf(
  repo: StationsRepo,
  q: { station?: string; bbox?: string },
  max = SERIES_MAX_STATIONS,
): Promise<StationRow[]> {
  if ((q.station === undefined) === (q.bbox === undefined))
    throw invalid('station', 'give either station or bbox');
  if (q.station !== undefined) {
    const [s] = await repo.byIds([q.station]);
    if (!s)
      throw new AppError('weather.station_not_found', 404, `no station ${q.station}`, [
        { field: 'station', message: 'is not known' },
      ]);
    return [s];
  }
  const box = parseStationBox(q.bbox as string);
  const found = await repo.within(box, max + 1);
  if (found.length > max)
    throw invalid('bbox', `holds more than ${max} stations; narrow it or name a station`);
  return found;
}
