import type { WaveElementName } from '@thunderwatch/shared/schemas/weather';
import { WAVE_ELEMENTS } from '@thunderwatch/shared/schemas/weather';
import { DECIMAL_TEXT, numberProblem } from '../common/column-ranges.js';
import {
  ELEVATION_RANGE,
  type RowProblem,
  type StationInput,
  type TimeWindow,
} from './observation-fields.js';
import { parseTimeMs, readStation } from './observation-parse.js';

/** Ranges of a wave reading: physical limits with a margin (the highest buoy-measured Hs is about 20 m). */
export const WAVE_RANGES: Record<WaveElementName, { unit: string; min: number; max: number }> = {
  wave_height: { unit: 'm', min: 0, max: 30 },
  dominant_period: { unit: 's', min: 0, max: 40 },
  average_period: { unit: 's', min: 0, max: 40 },
  mean_direction: { unit: '°', min: 0, max: 360 },
  wind_dir: { unit: '°', min: 0, max: 360 },
  wind_speed: { unit: 'm/s', min: 0, max: 120 },
  wind_gust: { unit: 'm/s', min: 0, max: 150 },
  pressure: { unit: 'hPa', min: 800, max: 1100 },
  air_temp: { unit: '°C', min: -90, max: 60 },
  water_temp: { unit: '°C', min: -5, max: 45 },
};

/** NDBC realtime2 (standard meteorological) columns and the elements they hold, in NDBC's units. */
const NDBC_COLUMNS: Record<string, WaveElementName> = {
  WDIR: 'wind_dir',
  WSPD: 'wind_speed',
  GST: 'wind_gust',
  WVHT: 'wave_height',
  DPD: 'dominant_period',
  APD: 'average_period',
  MWD: 'mean_direction',
  PRES: 'pressure',
  ATMP: 'air_temp',
  WTMP: 'water_temp',
};
const NDBC_TIME = ['YY', 'MM', 'DD', 'hh', 'mm'] as const;

export type WaveValues = Record<WaveElementName, number | null>;

export interface WaveRow {
  row: number;
  station: StationInput;
  timeMs: number;
  values: WaveValues;
}

export interface ParsedWaves {
  rows: WaveRow[];
  problems: RowProblem[];
}

/** A value for its `real` column: within the element's range and held by float4 (`1e-300` is not). */
function checked(
  element: WaveElementName,
  n: unknown,
  report: (f: string, m: string) => void,
  field: string,
) {
  const problem = numberProblem(n, 'real', WAVE_RANGES[element]);
  if (problem) report(field, problem);
  return problem ? null : (n as number);
}

const noReading = (values: WaveValues) => WAVE_ELEMENTS.every((e) => values[e] === null);

/**
 * NDBC `realtime2` text of one station (NDBC names the station by the file: `41001.txt`): a header line
 * `#YY MM DD hh mm WDIR WSPD GST WVHT DPD APD MWD PRES ATMP WTMP …`, a line of units starting with `#`,
 * then one line per reading, newest first, `MM` for a value missing. Columns are found by name; the ones
 * not stored here (DEWP, VIS, PTDY, TIDE) are skipped. Row n is the n-th reading line.
 */
export function parseNdbcRealtime(text: string, station: StationInput, window: TimeWindow): ParsedWaves {
  const rows: WaveRow[] = [];
  const problems: RowProblem[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = (lines[0] ?? '').replace(/^#/, '').trim().split(/\s+/);
  if (!(lines[0] ?? '').startsWith('#') || NDBC_TIME.some((c, i) => header[i] !== c)) {
    problems.push({ row: 0, field: '(header)', message: 'must start with #YY MM DD hh mm' });
    return { rows, problems };
  }
  const elevation =
    station.elevation === null ? null : numberProblem(station.elevation, 'real', ELEVATION_RANGE);
  if (elevation) {
    problems.push({ row: 0, field: 'elevation', message: elevation });
    return { rows, problems };
  }
  const columns = header.map((h) => NDBC_COLUMNS[h] ?? null);
  let row = 0;
  for (const line of lines.slice(1)) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    row++;
    const report = (field: string, message: string) => problems.push({ row, field, message });
    const before = problems.length;
    const cells = line.trim().split(/\s+/);
    if (cells.length !== header.length) {
      report('(row)', `has ${cells.length} fields, the header ${header.length}`);
      continue;
    }
    const [y, mo, d, h, mi] = cells.map(Number) as [number, number, number, number, number];
    const iso = `${cells[0]}-${cells[1]}-${cells[2]}T${cells[3]}:${cells[4]}:00Z`;
    const time = /^\d{4}$/.test(cells[0] as string) ? parseTimeMs(iso, window) : 'YY must be a 4-digit year';
    const real =
      typeof time === 'number' &&
      new Date(time).getUTCDate() === d &&
      new Date(time).getUTCMonth() + 1 === mo;
    if (typeof time === 'string') report('YY MM DD hh mm', time);
    else if (!real || h > 23 || mi > 59 || y < 1970) report('YY MM DD hh mm', 'is not a valid time');
    const values = Object.fromEntries(WAVE_ELEMENTS.map((e) => [e, null])) as WaveValues;
    columns.forEach((element, i) => {
      const cell = cells[i] as string;
      if (element === null || cell === 'MM') return;
      const n = Number(cell);
      if (!Number.isFinite(n) || !DECIMAL_TEXT.test(cell))
        report(header[i] as string, `must be a number or MM, got ${JSON.stringify(cell)}`);
      else values[element] = checked(element, n, report, header[i] as string);
    });
    if (problems.length === before && !noReading(values))
      rows.push({ row, station, timeMs: time as number, values });
  }
  return { rows, problems };
}

const JSON_FIELDS = new Set<string>([
  'station',
  'time',
  'name',
  'name_en',
  'lat',
  'lon',
  'elevation',
  ...WAVE_ELEMENTS,
]);

/** A JSON array of `{station, time, wave_height, …}` (the names of `WAVE_ELEMENTS`); row n is element n − 1. */
export function parseWavesJson(body: unknown, window: TimeWindow): ParsedWaves {
  const rows: WaveRow[] = [];
  const problems: RowProblem[] = [];
  if (!Array.isArray(body)) {
    problems.push({ row: 0, field: '(body)', message: 'must be a JSON array of wave readings' });
    return { rows, problems };
  }
  body.forEach((record: unknown, i) => {
    const row = i + 1;
    const report = (field: string, message: string) => problems.push({ row, field, message });
    if (typeof record !== 'object' || record === null || Array.isArray(record)) {
      report('(row)', 'must be an object');
      return;
    }
    const r = record as Record<string, unknown>;
    const before = problems.length;
    for (const key of Object.keys(r)) if (!JSON_FIELDS.has(key)) report(key, 'is not a known field');
    const station = readStation((f) => r[f], report);
    const time = parseTimeMs(r.time, window);
    if (typeof time === 'string') report('time', time);
    const values = Object.fromEntries(WAVE_ELEMENTS.map((e) => [e, null])) as WaveValues;
    for (const e of WAVE_ELEMENTS) {
      const v = r[e];
      if (v === undefined || v === null) continue;
      values[e] = checked(e, v, report, e);
    }
    if (problems.length === before && noReading(values))
      report('(row)', `has no reading: give at least one of ${WAVE_ELEMENTS.join(', ')}`);
    if (problems.length === before) rows.push({ row, station, timeMs: time as number, values });
  });
  return { rows, problems };
}
