import { type NumericColumn, numberOfText, numberProblem, textProblem } from '../common/column-ranges.js';
import {
  ELEMENT_NAMES,
  ELEVATION_RANGE,
  OBSERVATION_RANGES,
  type ObservationRow,
  type Readings,
  type RowProblem,
  STATION_ID_PATTERN,
  STATION_NAME_MAX,
  type TimeWindow,
} from './observation-fields.js';

const DAY_MS = 86_400_000;
const DEFAULT_AHEAD_MS = 10 * 60_000;
/** ISO 8601 with a zone: a reading without one cannot be placed in time. */
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

export interface ParsedObservations {
  rows: ObservationRow[];
  problems: RowProblem[];
}

type Cell = unknown;
type Get = (field: string) => Cell;

const blank = (v: Cell) => v === undefined || v === null || v === '';

/**
 * A reading for a `column`: from JSON strictly a number (absent or null is missing; `"1"` and `""` are not
 * numbers), from CSV text that reads wholly as one (blank is missing). Reported and null when it is not, or
 * when it lies outside `range` or what the column holds.
 */
function ranged(
  v: Cell,
  field: string,
  range: { min: number; max: number },
  report: (field: string, message: string) => void,
  json: boolean,
  column: NumericColumn = 'real',
): number | null {
  if (json ? v === undefined || v === null : blank(v)) return null;
  if (!json && typeof v === 'string') {
    const n = numberOfText(v, column, range);
    if ('problem' in n) report(field, n.problem);
    return 'problem' in n ? null : n.value;
  }
  const problem = numberProblem(v, column, range);
  if (problem) report(field, problem);
  return problem ? null : (v as number);
}

export function parseTimeMs(v: Cell, window: TimeWindow): number | string {
  if (typeof v !== 'string' || !ISO_WITH_ZONE.test(v.trim()))
    return 'must be an ISO 8601 time with a zone, e.g. 2026-07-01T08:00:00Z';
  const ms = Date.parse(v.trim().replace(' ', 'T'));
  if (!Number.isFinite(ms)) return `is not a valid time: ${JSON.stringify(v)}`;
  if (ms > window.nowMs + (window.aheadMs ?? DEFAULT_AHEAD_MS)) return 'is in the future';
  if (window.retentionDays > 0 && ms < window.nowMs - window.retentionDays * DAY_MS)
    return `is older than the retention (${window.retentionDays} days)`;
  return ms;
}

/**
 * Reads one row's station through `get` (`json`: values as JSON types, else CSV text); problems go to
 * `report`. Exported for the wave parser's station columns. A numeric id must be a whole number that reads
 * back as written (`1e308` is no station id).
 */
export function readStation(get: Get, report: (field: string, message: string) => void, json = true) {
  const id = get('station');
  let stationId = '';
  if (typeof id === 'number' && Number.isSafeInteger(id) && id >= 0) stationId = String(id);
  else if (typeof id === 'string' && STATION_ID_PATTERN.test(id.trim())) stationId = id.trim();
  else report('station', 'must be a station id: letters, digits, _ . -, at most 40');
  const nameOf = (field: 'name' | 'name_en'): string | null => {
    const name = get(field);
    if (blank(name)) return null;
    const problem = textProblem(typeof name === 'string' ? name.trim() : name, STATION_NAME_MAX);
    if (problem) report(field, problem);
    return problem ? null : (name as string).trim();
  };
  const stationName = nameOf('name');
  const nameEn = nameOf('name_en');
  const lat = ranged(get('lat'), 'lat', { min: -90, max: 90 }, report, json, 'double');
  const lon = ranged(get('lon'), 'lon', { min: -180, max: 180 }, report, json, 'double');
  if (blank(get('lat')) !== blank(get('lon')))
    report(blank(get('lat')) ? 'lat' : 'lon', 'lat and lon come together');
  const elevation = ranged(get('elevation'), 'elevation', ELEVATION_RANGE, report, json);
  return { id: stationId, name: stationName, nameEn, lat, lon, elevation };
}

function readRow(
  get: Get,
  row: number,
  window: TimeWindow,
  problems: RowProblem[],
  json: boolean,
): ObservationRow | null {
  const before = problems.length;
  const report = (field: string, message: string) => problems.push({ row, field, message });
  const station = readStation(get, report, json);
  const time = parseTimeMs(get('time'), window);
  if (typeof time === 'string') report('time', time);
  const readings = {} as Readings;
  for (const element of ELEMENT_NAMES)
    readings[element] = ranged(get(element), element, OBSERVATION_RANGES[element], report, json);
  if (problems.length === before && ELEMENT_NAMES.every((e) => readings[e] === null))
    report('(row)', `has no reading: give at least one of ${ELEMENT_NAMES.join(', ')}`);
  return problems.length === before ? { row, station, timeMs: time as number, readings } : null;
}

const KNOWN_FIELDS = new Set([
  'station',
  'time',
  'name',
  'name_en',
  'lat',
  'lon',
  'elevation',
  ...ELEMENT_NAMES,
]);

/** A JSON array of `{station, time, temperature, …}` objects; row n is the array's element n − 1. */
export function parseObservationsJson(body: unknown, window: TimeWindow): ParsedObservations {
  const rows: ObservationRow[] = [];
  const problems: RowProblem[] = [];
  if (!Array.isArray(body)) {
    problems.push({ row: 0, field: '(body)', message: 'must be a JSON array of observations' });
    return { rows, problems };
  }
  body.forEach((record: unknown, i) => {
    const row = i + 1;
    if (typeof record !== 'object' || record === null || Array.isArray(record)) {
      problems.push({ row, field: '(row)', message: 'must be an object' });
      return;
    }
    const r = record as Record<string, unknown>;
    const before = problems.length;
    for (const key of Object.keys(r))
      if (!KNOWN_FIELDS.has(key)) problems.push({ row, field: key, message: 'is not a known field' });
    const parsed = readRow((f) => r[f], row, window, problems, true);
    if (parsed && problems.length === before) rows.push(parsed);
  });
  return { rows, problems };
}

/**
 * CSV with a header naming the columns (any order; `station` and `time` required, the elements and the
 * station's `name, name_en, lat, lon, elevation` optional). Commas separate; fields are not quoted (no field of an
 * observation holds a comma, and a name with one is refused as an unknown column count).
 */
export function parseObservationsCsv(text: string, window: TimeWindow): ParsedObservations {
  const rows: ObservationRow[] = [];
  const problems: RowProblem[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = (lines[0] ?? '').split(',').map((h) => h.trim().toLowerCase());
  for (const h of header)
    if (!KNOWN_FIELDS.has(h))
      problems.push({ row: 0, field: h || '(empty)', message: 'is not a known column' });
  for (const need of ['station', 'time'])
    if (!header.includes(need)) problems.push({ row: 0, field: need, message: 'column is missing' });
  if (problems.length > 0) return { rows, problems };
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.trim() === '') continue;
    const cells = line.split(',');
    if (cells.length !== header.length) {
      problems.push({
        row: i,
        field: '(row)',
        message: `has ${cells.length} fields, the header ${header.length}`,
      });
      continue;
    }
    const at = new Map(header.map((h, k) => [h, (cells[k] as string).trim()]));
    const parsed = readRow((f) => at.get(f), i, window, problems, false);
    if (parsed) rows.push(parsed);
  }
  return { rows, problems };
}
