import { KIND_ELEMENTS, SENSOR_RANGES } from '@thunderwatch/domain/devices/sensor-readings';
import {
  SENSOR_ELEMENTS,
  SENSOR_SPAN_MAX_DAYS,
  type SensorDataListQuery,
  type SensorDataPage,
  type SensorElementName,
  type SensorSeriesDto,
} from '@thunderwatch/shared/schemas/sensors';
import { type AuthUser, requirePermission } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { toCsv } from '../../lib/csv.js';
import { readScope } from '../../lib/group-scope.js';
import { type PointRow, ROLLED_UP, type SensorReadingsRepo } from './sensor-readings-repo.js';
import type { SensorsRepo } from './sensors-repo.js';
import { idsOf, sensorNotFound, valuesOf } from './sensors-service.js';

const DAY_MS = 86_400_000;
/** A series of at most this many readings is answered raw. */
export const RAW_MAX = 3000;
/** Points a rolled-up series aims at when no interval is asked for. */
const TARGET_POINTS = 1000;

function window(q: { from?: string; to?: string }, now: Date, defaultMs: number): { from: Date; to: Date } {
  const to = q.to ? new Date(q.to) : now;
  const from = q.from ? new Date(q.from) : new Date(to.getTime() - defaultMs);
  const bad = (field: string, message: string) =>
    new AppError('validation.failed', 400, `${field} ${message}`, [{ field, message }]);
  if (from >= to) throw bad('from', 'must be before to');
  if (to.getTime() - from.getTime() > SENSOR_SPAN_MAX_DAYS * DAY_MS)
    throw bad('from', `must be at most ${SENSOR_SPAN_MAX_DAYS} days before to`);
  return { from, to };
}

/** Sensors' series (raw or from the per-minute rollups) and pages of raw readings (JSON or CSV). */
export class SensorDataService {
  constructor(private readonly d: { sensors: SensorsRepo; readings: SensorReadingsRepo; now: () => Date }) {}

  async series(
    user: AuthUser,
    q: { id: string; element?: SensorElementName; from?: string; to?: string; interval?: number },
  ): Promise<SensorSeriesDto> {
    requirePermission(user, 'location.read');
    const sensor = await this.d.sensors.get(q.id, readScope(user, undefined));
    if (!sensor) throw sensorNotFound();
    const elements = KIND_ELEMENTS[sensor.kind];
    const element = q.element ?? (elements[0] as SensorElementName);
    if (!elements.includes(element))
      throw new AppError('validation.failed', 400, `A ${sensor.kind} sensor reports ${elements.join(', ')}`, [
        { field: 'element', message: `must be one of ${elements.join(', ')}` },
      ]);
    const { from, to } = window(q, this.d.now(), DAY_MS);
    const spanSec = (to.getTime() - from.getTime()) / 1000;
    const rolled = ROLLED_UP.includes(element);
    let raw = q.interval !== undefined && q.interval < 60;
    if (q.interval === undefined)
      raw = rolled
        ? (await this.d.readings.count(q.id, element, from, to, RAW_MAX)) <= RAW_MAX
        : (await this.d.readings.raw(q.id, element, from, to, RAW_MAX + 1)).length <= RAW_MAX;
    const base = {
      id: q.id,
      element,
      unit: SENSOR_RANGES[element].unit,
      from: from.toISOString(),
      to: to.toISOString(),
    };
    if (raw) {
      const rows = await this.d.readings.raw(q.id, element, from, to, RAW_MAX + 1);
      if (rows.length > RAW_MAX) throw tooLong(`more than ${RAW_MAX} readings: ask for an interval ≥ 60 s`);
      return { ...base, resolution: 'raw', interval: null, points: rows.map(point) };
    }
    if (!rolled) throw tooLong(`${element} is not rolled up: narrow the span to ${RAW_MAX} readings`);
    const interval =
      q.interval !== undefined
        ? Math.ceil(q.interval / 60) * 60
        : Math.max(60, Math.ceil(spanSec / TARGET_POINTS / 60) * 60);
    const rows = await this.d.readings.rollups(q.id, element, from, to, interval);
    return { ...base, resolution: 'rollup', interval, points: rows.map(point) };
  }

  async page(user: AuthUser, q: SensorDataListQuery): Promise<SensorDataPage> {
    requirePermission(user, 'location.read');
    const { from, to } = window(q, this.d.now(), DAY_MS);
    const { rows, total } = await this.d.readings.page({
      groupId: readScope(user, q.group_id),
      ids: q.ids ? idsOf(q.ids) : null,
      kind: q.kind ?? null,
      from,
      to,
      limit: q.limit,
      offset: q.offset,
    });
    return {
      items: rows.map((r) => ({
        sensor_id: r.sensor_id,
        time: r.time.toISOString(),
        values: valuesOf(r.values),
      })),
      total,
    };
  }

  async csv(user: AuthUser, q: SensorDataListQuery): Promise<string> {
    requirePermission(user, 'location.read');
    const page = await this.page(user, q);
    return toCsv(
      ['sensor', 'time', ...SENSOR_ELEMENTS],
      page.items.map((r) => [r.sensor_id, r.time, ...SENSOR_ELEMENTS.map((e) => r.values[e] ?? null)]),
    );
  }
}

const tooLong = (message: string) => new AppError('sensor.series_too_long', 400, message);

function point(r: PointRow) {
  const n = Number(r.n);
  return {
    time: r.time.toISOString(),
    min: Number(r.min),
    max: Number(r.max),
    mean: Math.round((Number(r.sum) / n) * 1000) / 1000,
    n,
  };
}
