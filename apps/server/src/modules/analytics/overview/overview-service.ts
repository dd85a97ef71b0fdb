import { climatologyMean, percent, trendOf } from '@thunderwatch/domain/analytics/indicator-trend';
import { addDays, localDate, startOfLocalDay } from '@thunderwatch/domain/notify/daily-summary-due';
import { INDICATOR_IDS, INDICATORS, type IndicatorId } from '@thunderwatch/shared/indicators';
import type {
  DayCount,
  Indicator,
  IndicatorList,
  IndicatorQuery,
  Overview,
  OverviewQuery,
} from '@thunderwatch/shared/schemas/overview';
import type { WarningItem } from '@thunderwatch/shared/schemas/warnings';
import { type AuthUser, requirePermission } from '../../../lib/access.js';
import { AppError } from '../../../lib/app-error.js';
import { readScope } from '../../../lib/group-scope.js';
import { requestTimeZone } from '../../../lib/time-zone.js';
import type { OverviewRepo, TimeRange } from './overview-repo.js';

const DAY_MS = 86_400_000;
const CLIMATOLOGY_YEARS = 5;
/** A year counts towards the climatology when strokes are stored this many days either side of the date. */
const DATA_WINDOW_DAYS = 15;
/** Dashboards and monitors poll; within this long one computation answers every poll of the same scope. */
const CACHE_MS = 10_000;
const CACHE_MAX = 200;

interface Snapshot extends Omit<Overview, 'indicators'> {
  values: Record<IndicatorId, { value: number | null; previous: number | null }>;
}

/** The overview dashboard and the key indicators (`/api/overview`, `/api/indicator`). */
export class OverviewService {
  private readonly cache = new Map<string, { at: number; snapshot: Promise<Snapshot> }>();

  constructor(
    private readonly d: {
      repo: OverviewRepo;
      warnings: { warnings(groupId: number | null): Promise<WarningItem[]> };
      now: () => Date;
      /** The deployment's time zone (`TIME_ZONE`): "today" unless the caller names another. */
      timeZone: string;
      /** Province names by code (GB/T 2260). */
      provinces: () => Promise<Map<string, { nameZh: string; nameEn: string }>>;
    },
  ) {}

  async indicators(user: AuthUser, q: IndicatorQuery): Promise<IndicatorList> {
    requirePermission(user, 'location.read');
    const ids = parseIds(q.ids);
    const snapshot = await this.snapshot(
      readScope(user, q.group_id),
      requestTimeZone(q.time_zone, this.d.timeZone),
    );
    return {
      time: snapshot.time,
      time_zone: snapshot.time_zone,
      items: ids.map((id) => indicatorOf(id, snapshot)),
    };
  }

  async overview(user: AuthUser, q: OverviewQuery): Promise<Overview> {
    requirePermission(user, 'location.read');
    const snapshot = await this.snapshot(
      readScope(user, q.group_id),
      requestTimeZone(q.time_zone, this.d.timeZone),
    );
    const { values: _values, ...rest } = snapshot;
    return { ...rest, indicators: INDICATOR_IDS.map((id) => indicatorOf(id, snapshot)) };
  }

  private snapshot(scope: number | null, timeZone: string): Promise<Snapshot> {
    const key = `${scope ?? '*'}|${timeZone}`;
    const nowMs = this.d.now().getTime();
    const hit = this.cache.get(key);
    if (hit && nowMs - hit.at < CACHE_MS) return hit.snapshot;
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    const snapshot = this.compute(scope, timeZone);
    this.cache.set(key, { at: nowMs, snapshot });
    snapshot.catch(() => this.cache.delete(key));
    return snapshot;
  }

  private async compute(scope: number | null, timeZone: string): Promise<Snapshot> {
    const now = this.d.now();
    const days = dayRanges(now, timeZone);
    const [counts, hasData, warnings, devices, health, healthBefore, pending, top, names] = await Promise.all(
      [
        this.d.repo.strokeCounts([...days.week, days.yesterdaySoFar, ...days.climatology]),
        this.d.repo.anyStrokes(days.dataWindows),
        this.d.warnings.warnings(scope),
        this.d.repo.deviceCounts(scope),
        this.d.repo.deliveryHealth(scope, { from: new Date(now.getTime() - DAY_MS), to: now }),
        this.d.repo.deliveryHealth(scope, {
          from: new Date(now.getTime() - 2 * DAY_MS),
          to: new Date(now.getTime() - DAY_MS),
        }),
        this.d.repo.pendingDeliveries(scope),
        this.d.repo.topProvinces(days.week[6] as TimeRange, 10),
        this.d.provinces(),
      ],
    );
    const week = counts.slice(0, 7);
    const today = week[6] ?? { strokes: 0, cg: 0 };
    const yesterdaySoFar = counts[7] ?? { strokes: 0, cg: 0 };
    const climatology = climatologyMean(counts.slice(8).map((c, i) => (hasData[i] ? c.strokes : null)));
    const atLeast = (level: number) => warnings.filter((w) => w.level >= level).length;
    const deviceTotal = devices.online + devices.degraded + devices.offline;
    return {
      time: now.toISOString(),
      time_zone: timeZone,
      warnings_by_level: {
        yellow: warnings.filter((w) => w.level === 1).length,
        orange: warnings.filter((w) => w.level === 2).length,
        red: warnings.filter((w) => w.level === 3).length,
        monitored: warnings.length,
      },
      devices,
      deliveries_24h: { sent: health.sent, failed: health.failed, pending },
      climatology_years: climatology.years,
      trend_7d: week.map((c, i): DayCount => ({ date: days.dates[i] as string, ...c })),
      top_regions: top.map((t) => ({
        ...t,
        name_zh: names.get(t.code)?.nameZh ?? t.code,
        name_en: names.get(t.code)?.nameEn ?? t.code,
      })),
      values: {
        strokes_today: { value: today.strokes, previous: yesterdaySoFar.strokes },
        strokes_climatology: {
          value: climatology.mean === null ? null : Math.round(climatology.mean),
          previous: null,
        },
        cg_today: { value: today.cg, previous: yesterdaySoFar.cg },
        active_warnings: { value: atLeast(1), previous: null },
        red_warnings: { value: atLeast(3), previous: null },
        unconfirmed_alarms: {
          value: warnings.reduce((n, w) => n + w.unconfirmed_alarms, 0),
          previous: null,
        },
        devices_online: { value: percent(devices.online, deviceTotal), previous: null },
        delivery_success_rate: {
          value: percent(health.sent, health.sent + health.failed),
          previous: percent(healthBefore.sent, healthBefore.sent + healthBefore.failed),
        },
        delivery_latency_p95: { value: health.p95Ms, previous: healthBefore.p95Ms },
      },
    };
  }
}

function indicatorOf(id: IndicatorId, s: Snapshot): Indicator {
  const def = INDICATORS[id];
  const { value, previous } = s.values[id];
  // Small counts wobble: a stroke count must move by more than 10 to earn an arrow.
  const minStep = def.unit === 'strokes' ? 10 : 0;
  return {
    id,
    value,
    unit: def.unit,
    previous,
    trend: trendOf(value, previous, { minStep }),
    better: def.better,
    name: def.name,
    definition: def.definition,
  };
}

/** The local days the counts read: this week's seven (today so far last), yesterday up to now's local time,
 * and this date in each of the previous five years with the window that tells whether data was kept then. */
export function dayRanges(now: Date, timeZone: string) {
  const today = localDate(now, timeZone);
  const start = (date: string) => startOfLocalDay(date, timeZone);
  const day = (date: string): TimeRange => ({ from: start(date), to: start(addDays(date, 1)) });
  const dates = [6, 5, 4, 3, 2, 1, 0].map((k) => addDays(today, -k));
  const week = dates.map((date) => (date === today ? { from: start(today), to: now } : day(date)));
  const yesterdayStart = start(addDays(today, -1));
  const elapsed = now.getTime() - start(today).getTime();
  const sameDate = Array.from({ length: CLIMATOLOGY_YEARS }, (_, k) => sameDateYearsBefore(today, k + 1));
  return {
    dates,
    week,
    yesterdaySoFar: { from: yesterdayStart, to: new Date(yesterdayStart.getTime() + elapsed) },
    climatology: sameDate.map(day),
    dataWindows: sameDate.map((date) => ({
      from: start(addDays(date, -DATA_WINDOW_DAYS)),
      to: start(addDays(date, DATA_WINDOW_DAYS + 1)),
    })),
  };
}

/** The same calendar date `years` earlier; 29 February becomes the 28th in a common year. */
function sameDateYearsBefore(date: string, years: number): string {
  const year = Number(date.slice(0, 4)) - years;
  const monthDay = date.slice(5);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return `${String(year).padStart(4, '0')}-${monthDay === '02-29' && !leap ? '02-28' : monthDay}`;
}

function parseIds(value: string | undefined): IndicatorId[] {
  if (value === undefined || value.trim() === '') return [...INDICATOR_IDS];
  const ids = value.split(',').map((s) => s.trim());
  const unknown = ids.filter((id) => !(INDICATOR_IDS as readonly string[]).includes(id));
  if (unknown.length > 0)
    throw new AppError('validation.failed', 400, `ids: unknown indicator ${unknown.join(', ')}`, [
      { field: 'ids', message: `unknown: ${unknown.join(', ')}; known: ${INDICATOR_IDS.join(', ')}` },
    ]);
  return [...new Set(ids as IndicatorId[])];
}
