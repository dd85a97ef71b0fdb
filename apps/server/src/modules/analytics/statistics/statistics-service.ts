import {
  cellAreaKm2,
  groundFlashDensity,
  monthOf,
  thunderstormDays,
} from '@thunderwatch/domain/lightning/lightning-climate';
import { type LocalDay, localDayRange, localDays } from '@thunderwatch/domain/lightning/local-hours';
import { stormRose } from '@thunderwatch/domain/lightning/storm-rose';
import {
  emptyCounts,
  KA_BUCKETS,
  mergeCounts,
  type RollupCounts,
} from '@thunderwatch/domain/lightning/stroke-rollup';
import type { AlertDto } from '@thunderwatch/shared/schemas/alerts';
import {
  STATS_MAX_HEATMAP_DAYS,
  STATS_MAX_HOUR_DAYS,
  STORM_ROSE_MAX_DAYS,
  type StatsAlerts,
  type StatsAlertsQuery,
  type StatsClimatology,
  type StatsNg,
  type StatsPeakCurrent,
  type StatsQuery,
  type StatsRegions,
  type StatsRegionsQuery,
  type StatsSeries,
  type StatsSeriesItem,
  type StatsSeriesQuery,
  type StatsStormDirections,
  type StatsSummary,
  type StatsThunderstormDays,
} from '@thunderwatch/shared/schemas/statistics';
import { type AuthUser, requirePermission } from '../../../lib/access.js';
import { readScope } from '../../../lib/group-scope.js';
import { requestTimeZone, requireWholeHours } from '../../../lib/time-zone.js';
import type { RegionInfo } from '../../regions/regions-data.js';
import type { AlertFilter } from '../../warnings/alerts/alerts-repo.js';
import { countsOfRow } from './rollups-repo.js';
import type { StatisticsRepo } from './statistics-repo.js';
import { alertsPerLocation } from './stats-alerts.js';
import { type AreaLookups, invalid, period, type ResolvedArea, resolveArea } from './stats-area.js';

type Day = LocalDay;

const int = (n: number) => Math.round(n);
/** Episodes one alerts statistic reads at most (a group's year is far below it). */
const STATS_MAX_EPISODES = 200_000;
const sumOf = (days: readonly Day[]) => days.reduce((a, d) => mergeCounts(a, d.c), emptyCounts());
const iso = (ms: number) => (Number.isFinite(ms) ? new Date(ms).toISOString() : null);

/**
 * Lightning statistics of an area and a period of local days, from the hourly rollups: each request counts the
 * days, hours of day and months of one time zone (its `time_zone`, else the deployment's). Permission checks
 * here.
 */
export class StatisticsService {
  constructor(
    private readonly d: {
      repo: StatisticsRepo;
      lookups: AreaLookups;
      regions: () => Promise<{ province: Map<string, RegionInfo>; city: Map<string, RegionInfo> }>;
      alerts: {
        list(f: AlertFilter, limit: number, offset: number): Promise<{ items: AlertDto[]; total: number }>;
      };
      now: () => Date;
      /** The deployment's time zone (`TIME_ZONE`): the days counted when a request names none. */
      timeZone: string;
    },
  ) {}

  /** The period's days, its zone and the instants [from, to) they span; 400 for a zone of fractional offset. */
  private span(q: { from: string; to: string; time_zone?: string }, maxDays?: number) {
    const days = period(q.from, q.to, maxDays);
    const timeZone = requestTimeZone(q.time_zone, this.d.timeZone);
    const range = localDayRange(q.from, q.to, timeZone);
    requireWholeHours(timeZone, range.from, range.to);
    return { days, timeZone, range };
  }

  private async read(user: AuthUser, q: StatsQuery, maxDays?: number) {
    requirePermission(user, 'location.read');
    const { days, timeZone, range } = this.span(q, maxDays);
    const area = await resolveArea(q, readScope(user, q.group_id), this.d.lookups);
    const rows = await this.d.repo.hourly(area.source, range.from, range.to);
    const hourly = rows.map((r) => ({ hourMs: r.hour_ms, c: countsOfRow(r) }));
    const daily: Day[] = localDays(hourly, timeZone);
    const head = { area: area.info, from: q.from, to: q.to, days, time_zone: timeZone };
    return { area, days, daily, hourly, timeZone, head };
  }

  async summary(user: AuthUser, q: StatsQuery): Promise<StatsSummary> {
    requirePermission(user, 'location.read');
    const { area, days, daily, head } = await this.read(user, q);
    const c = sumOf(daily);
    const storms = thunderstormDays(
      daily.map((d) => ({ date: d.date, cg: d.c.cg })),
      q.from,
      q.to,
    );
    return {
      ...head,
      strokes: c.strokes,
      cg: c.cg,
      ic: c.ic,
      cg_pos: c.cgPos,
      cg_neg: c.cgNeg,
      ic_pos: c.icPos,
      ic_neg: c.icNeg,
      flashes: c.flashes,
      cg_flashes: c.cgFlashes,
      mean_abs_ka: c.strokes > 0 ? c.sumAbsKa / c.strokes : null,
      max_abs_ka: c.strokes > 0 ? c.maxAbsKa : null,
      first_time: iso(c.firstMs),
      last_time: iso(c.lastMs),
      thunderstorm_days: storms.days,
      thunderstorm_days_per_year: storms.perYear,
      ng: groundFlashDensity(c.cgFlashes, area.info.area_km2, days),
      active_days: daily.filter((d) => d.c.strokes > 0).length,
    };
  }

  async series(user: AuthUser, q: StatsSeriesQuery): Promise<StatsSeries> {
    requirePermission(user, 'location.read');
    const hourly = q.interval === 'hour';
    const { daily, hourly: hours, head } = await this.read(user, q, hourly ? STATS_MAX_HOUR_DAYS : undefined);
    const item = (t: string, c: RollupCounts): StatsSeriesItem => ({
      t,
      strokes: c.strokes,
      cg: c.cg,
      ic: c.ic,
      flashes: c.flashes,
      cg_flashes: c.cgFlashes,
      cg_pos: c.cgPos,
      cg_neg: c.cgNeg,
      ic_pos: c.icPos,
      ic_neg: c.icNeg,
    });
    let items: StatsSeriesItem[];
    if (hourly) {
      // The rollups' own hours: each local hour of a whole-hour zone is one UTC hour, given as its instant.
      items = hours.filter((h) => h.c.strokes > 0).map((h) => item(new Date(h.hourMs).toISOString(), h.c));
    } else if (q.interval === 'day') {
      items = daily.map((d) => item(d.date, d.c));
    } else {
      const months = new Map<string, RollupCounts>();
      for (const d of daily)
        months.set(monthOf(d.date), mergeCounts(months.get(monthOf(d.date)) ?? emptyCounts(), d.c));
      items = [...months].map(([m, c]) => item(m, c));
    }
    return { ...head, interval: q.interval, items };
  }

  async climatology(user: AuthUser, q: StatsQuery): Promise<StatsClimatology> {
    requirePermission(user, 'location.read');
    const { daily, head, days } = await this.read(user, q);
    const hours = new Array<number>(24).fill(0);
    const cgHours = new Array<number>(24).fill(0);
    for (const d of daily)
      for (let h = 0; h < 24; h++) {
        hours[h] = (hours[h] as number) + (d.hours[h] as number);
        cgHours[h] = (cgHours[h] as number) + (d.cgHours[h] as number);
      }
    const months = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, strokes: 0, cg: 0, years: 0 }));
    for (const d of daily) {
      const m = months[Number(d.date.slice(5, 7)) - 1];
      if (m) {
        m.strokes += d.c.strokes;
        m.cg += d.c.cg;
      }
    }
    // How many years of the period cover each month (for a mean per year).
    const seen = new Set<string>();
    for (let t = Date.parse(`${q.from}T00:00:00Z`); t <= Date.parse(`${q.to}T00:00:00Z`); t += 86_400_000)
      seen.add(new Date(t).toISOString().slice(0, 7));
    for (const ym of seen) {
      const m = months[Number(ym.slice(5, 7)) - 1];
      if (m) m.years++;
    }
    let heatmap: StatsClimatology['heatmap'] = null;
    if (days <= STATS_MAX_HEATMAP_DAYS) {
      const list: string[] = [];
      for (let t = Date.parse(`${q.from}T00:00:00Z`); t <= Date.parse(`${q.to}T00:00:00Z`); t += 86_400_000)
        list.push(new Date(t).toISOString().slice(0, 10));
      const index = new Map(list.map((d, i) => [d, i]));
      const values: number[][] = [];
      for (const d of daily) {
        const i = index.get(d.date);
        if (i === undefined) continue;
        d.hours.forEach((n, h) => {
          if (n > 0) values.push([i, h, n]);
        });
      }
      heatmap = { days: list, values };
    }
    return {
      ...head,
      hours: hours.map((n, hour) => ({ hour, strokes: n, cg: cgHours[hour] ?? 0 })),
      months,
      heatmap,
    };
  }

  async peakCurrent(user: AuthUser, q: StatsQuery): Promise<StatsPeakCurrent> {
    requirePermission(user, 'location.read');
    const { daily, head } = await this.read(user, q);
    const c = sumOf(daily);
    return {
      ...head,
      buckets: KA_BUCKETS.map((from, i) => ({
        from_ka: from,
        to_ka: KA_BUCKETS[i + 1] ?? null,
        strokes: c.ka[i] ?? 0,
      })),
      multiplicity: c.mult.map((n, i) => ({ multiplicity: i === 4 ? '5+' : String(i + 1), strokes: n })),
      mean_abs_ka: c.strokes > 0 ? c.sumAbsKa / c.strokes : null,
      max_abs_ka: c.strokes > 0 ? c.maxAbsKa : null,
      cg_pos: c.cgPos,
      cg_neg: c.cgNeg,
      ic_pos: c.icPos,
      ic_neg: c.icNeg,
    };
  }

  /** Where the area's storm cells moved to: a 16-sector rose of their tracks (periods ≤ 92 days). */
  async stormDirections(user: AuthUser, q: StatsQuery): Promise<StatsStormDirections> {
    requirePermission(user, 'location.read');
    const { days, timeZone, range } = this.span(q, STORM_ROSE_MAX_DAYS);
    const area = await resolveArea(q, readScope(user, q.group_id), this.d.lookups);
    const box = {
      south: area.box.cy0 / 10,
      north: (area.box.cy1 + 1) / 10,
      west: area.box.cx0 / 10,
      east: (area.box.cx1 + 1) / 10,
    };
    const rose = stormRose(await this.d.repo.cellTracks(box, range.from, range.to));
    return { area: area.info, from: q.from, to: q.to, days, time_zone: timeZone, ...rose };
  }

  async thunderstormDays(user: AuthUser, q: StatsQuery): Promise<StatsThunderstormDays> {
    requirePermission(user, 'location.read');
    const { daily, head } = await this.read(user, q);
    const t = thunderstormDays(
      daily.map((d) => ({ date: d.date, cg: d.c.cg })),
      q.from,
      q.to,
    );
    return {
      ...head,
      thunderstorm_days: t.days,
      per_year: t.perYear,
      by_year: t.byYear,
      dates: daily.filter((d) => d.c.cg > 0).map((d) => ({ date: d.date, cg: d.c.cg })),
    };
  }

  /** The Ng grid over the area's box (its region's bounding box for a province or city). */
  async ng(user: AuthUser, q: StatsQuery): Promise<StatsNg> {
    requirePermission(user, 'location.read');
    const { days, timeZone, range } = this.span(q);
    const area: ResolvedArea = await resolveArea(q, readScope(user, q.group_id), this.d.lookups);
    const [rows, total] = await Promise.all([
      this.d.repo.byCell(area.box, range.from, range.to),
      this.d.repo.hourly(area.source, range.from, range.to),
    ]);
    const cgFlashes = total.reduce((s, r) => s + Number(r.cg_flashes), 0);
    const cells = rows.map((r) => ({
      lat: r.cy / 10,
      lon: r.cx / 10,
      cg_flashes: int(r.cg_flashes),
      ng: groundFlashDensity(r.cg_flashes, cellAreaKm2(r.cy), days) ?? 0,
    }));
    return {
      area: area.info,
      from: q.from,
      to: q.to,
      days,
      time_zone: timeZone,
      cell_deg: 0.1,
      ng: groundFlashDensity(cgFlashes, area.info.area_km2, days),
      max_ng: cells.reduce((m, c) => Math.max(m, c.ng), 0),
      cells,
    };
  }

  /** Alert episodes per location of the caller's group that began in the period. */
  async alerts(user: AuthUser, q: StatsAlertsQuery): Promise<StatsAlerts> {
    requirePermission(user, 'location.read');
    period(q.from, q.to);
    const timeZone = requestTimeZone(q.time_zone, this.d.timeZone);
    const { from, to } = localDayRange(q.from, q.to, timeZone);
    const { items, total } = await this.d.alerts.list(
      { groupId: readScope(user, q.group_id), locationId: q.location_id, from, to },
      STATS_MAX_EPISODES + 1,
      0,
    );
    if (total > STATS_MAX_EPISODES) throw invalid('to', `covers more than ${STATS_MAX_EPISODES} episodes`);
    const end = Math.min(to.getTime(), this.d.now().getTime());
    return { from: q.from, to: q.to, time_zone: timeZone, items: alertsPerLocation(items, end, timeZone) };
  }

  /** Values per province (or per city of a province) for the choropleth. */
  async regions(user: AuthUser, q: StatsRegionsQuery): Promise<StatsRegions> {
    requirePermission(user, 'location.read');
    const { days, timeZone, range } = this.span(q);
    const level = q.level;
    const known = await this.d.regions();
    const totals = await this.d.repo.byRegion(
      level,
      level === 'city' ? (q.province ?? null) : null,
      range.from,
      range.to,
      timeZone,
    );
    const byCode = new Map(totals.map((t) => [t.code, t]));
    const list = [...known[level].values()].filter(
      (r) => level === 'province' || !q.province || r.code.slice(0, 2) === q.province.slice(0, 2),
    );
    return {
      level,
      from: q.from,
      to: q.to,
      time_zone: timeZone,
      items: list.map((r) => {
        const t = byCode.get(r.code);
        return {
          code: r.code,
          name_zh: r.nameZh,
          name_en: r.nameEn,
          area_km2: r.areaKm2,
          strokes: int(t?.strokes ?? 0),
          cg: int(t?.cg ?? 0),
          cg_flashes: int(t?.cg_flashes ?? 0),
          ng: groundFlashDensity(t?.cg_flashes ?? 0, r.areaKm2, days),
          thunderstorm_days: t?.storm_days ?? 0,
        };
      }),
    };
  }
}
