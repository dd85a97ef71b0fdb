import {
  SENSOR_ELEMENTS,
  type SensorElementName,
  type SensorKind,
} from '@thunderwatch/shared/schemas/sensors';
import { numberProblem } from '../common/column-ranges.js';
import type { RowProblem, TimeWindow } from '../weather/observation-fields.js';
import { parseTimeMs } from '../weather/observation-parse.js';

/**
 * The elements each kind of sensor reports, their units and the range a reading must lie in: instrument
 * limits with a margin (field mills saturate at about ±20 kV/m; the met ranges are physical records), checked
 * at parse time so nothing implausible is stored and nothing overflows a column.
 */
export const SENSOR_RANGES: Record<SensorElementName, { unit: string; min: number; max: number }> = {
  field: { unit: 'kV/m', min: -50, max: 50 },
  wind_speed: { unit: 'm/s', min: 0, max: 120 },
  wind_dir: { unit: '°', min: 0, max: 360 },
  temperature: { unit: '°C', min: -90, max: 60 },
  humidity: { unit: '%', min: 0, max: 100 },
  pressure: { unit: 'hPa', min: 300, max: 1100 },
  rain: { unit: 'mm', min: 0, max: 2000 },
};

export const KIND_ELEMENTS: Record<SensorKind, readonly SensorElementName[]> = {
  efm: ['field'],
  met: ['wind_speed', 'wind_dir', 'temperature', 'humidity', 'pressure', 'rain'],
};

/** Units a reading may name besides the canonical one, with the factor to it (field mills often say V/m). */
const OTHER_UNITS: Partial<Record<SensorElementName, Record<string, number>>> = {
  field: { 'V/m': 0.001 },
  pressure: { Pa: 0.01 },
};

export const SENSOR_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/;

export interface SensorReadingRow {
  row: number;
  sensor: string;
  timeMs: number;
  /** One value (or null) per SENSOR_ELEMENTS, in canonical units. */
  values: (number | null)[];
}

export interface ParsedSensorReadings {
  rows: SensorReadingRow[];
  problems: RowProblem[];
}

const KNOWN = new Set(['sensor', 'time', 'values', 'units']);

function unitFactor(element: SensorElementName, unit: unknown): number | string {
  const canonical = SENSOR_RANGES[element].unit;
  if (unit === undefined || unit === canonical) return 1;
  const other = typeof unit === 'string' ? OTHER_UNITS[element]?.[unit] : undefined;
  if (other !== undefined) return other;
  const allowed = [canonical, ...Object.keys(OTHER_UNITS[element] ?? {})].join(' or ');
  return `must be ${allowed}, got ${JSON.stringify(unit)}`;
}

/**
 * One reading `{sensor, time, values: {field: 3.2}, units?: {field: 'V/m'}}`. `kindOf` names the kind of a
 * known sensor (undefined: not known); an element the sensor's kind does not report is refused.
 */
function readRow(
  r: Record<string, unknown>,
  row: number,
  window: TimeWindow,
  kindOf: (id: string) => SensorKind | undefined,
  problems: RowProblem[],
): SensorReadingRow | null {
  const before = problems.length;
  const report = (field: string, message: string) => problems.push({ row, field, message });
  for (const key of Object.keys(r)) if (!KNOWN.has(key)) report(key, 'is not a known field');
  const id = r.sensor;
  const sensor = typeof id === 'string' && SENSOR_ID_PATTERN.test(id) ? id : null;
  const kind = sensor === null ? undefined : kindOf(sensor);
  if (sensor === null) report('sensor', 'must be a sensor id: letters, digits, _ . -, at most 40');
  else if (kind === undefined) report('sensor', `${sensor} is not a known sensor`);
  const time = parseTimeMs(r.time, window);
  if (typeof time === 'string') report('time', time);
  const units = r.units ?? {};
  if (typeof units !== 'object' || units === null || Array.isArray(units))
    report('units', 'must be an object of element → unit');
  const values: (number | null)[] = SENSOR_ELEMENTS.map(() => null);
  const given = r.values;
  if (typeof given !== 'object' || given === null || Array.isArray(given)) {
    report('values', 'must be an object of element → number');
  } else if (kind !== undefined) {
    const allowed = KIND_ELEMENTS[kind];
    const unitOf = units as Record<string, unknown>;
    for (const [element, raw] of Object.entries(given)) {
      const field = `values/${element}`;
      if (!allowed.includes(element as SensorElementName)) {
        report(field, `is not reported by a ${kind} sensor (${allowed.join(', ')})`);
        continue;
      }
      const e = element as SensorElementName;
      if (raw === null) continue;
      if (typeof raw !== 'number' || !Number.isFinite(raw)) {
        report(field, 'must be a finite number');
        continue;
      }
      const factor = unitFactor(e, unitOf[e]);
      if (typeof factor === 'string') {
        report(`units/${e}`, factor);
        continue;
      }
      const v = raw * factor;
      // Within the instrument's range, and held by the `real` column (`1e-300` is not).
      const problem = numberProblem(v, 'real', SENSOR_RANGES[e]);
      if (problem) {
        report(field, problem);
        continue;
      }
      values[SENSOR_ELEMENTS.indexOf(e)] = v;
    }
    for (const u of Object.keys(unitOf))
      if (!(u in given)) report(`units/${u}`, 'names an element the reading does not carry');
    if (problems.length === before && values.every((v) => v === null))
      report('values', `has no reading: give at least one of ${allowed.join(', ')}`);
  }
  return problems.length === before
    ? { row, sensor: sensor as string, timeMs: time as number, values }
    : null;
}

/** A JSON reading or array of readings; row n is the array's element n − 1 (1 for a single object). */
export function parseSensorReadings(
  body: unknown,
  window: TimeWindow,
  kindOf: (id: string) => SensorKind | undefined,
): ParsedSensorReadings {
  const rows: SensorReadingRow[] = [];
  const problems: RowProblem[] = [];
  const list = Array.isArray(body) ? body : typeof body === 'object' && body !== null ? [body] : null;
  if (list === null) {
    problems.push({ row: 0, field: '(body)', message: 'must be a JSON reading or array of readings' });
    return { rows, problems };
  }
  list.forEach((record: unknown, i) => {
    if (typeof record !== 'object' || record === null || Array.isArray(record)) {
      problems.push({ row: i + 1, field: '(row)', message: 'must be an object' });
      return;
    }
    const parsed = readRow(record as Record<string, unknown>, i + 1, window, kindOf, problems);
    if (parsed) rows.push(parsed);
  });
  return { rows, problems };
}

/** The sensor ids a body names, to look their kinds up before parsing. */
export function sensorIdsOf(body: unknown): string[] {
  const list = Array.isArray(body) ? body : [body];
  const ids = new Set<string>();
  for (const r of list) {
    const id = (r as { sensor?: unknown } | null)?.sensor;
    if (typeof id === 'string' && SENSOR_ID_PATTERN.test(id)) ids.add(id);
  }
  return [...ids];
}
