import { namedForExport } from '@thunderwatch/domain/analytics/sheet-columns';
import { periodUptime } from '@thunderwatch/domain/devices/device-period-uptime';
import { alertSheetRows } from '@thunderwatch/domain/warnings/alert-sheet';
import type { AlertDto } from '@thunderwatch/shared/schemas/alerts';
import {
  SHEET_IDS,
  SHEET_MAX_DAYS,
  type SheetCell,
  type SheetExportQuery,
  type SheetId,
  type SheetList,
  type SheetPage,
  type SheetQuery,
} from '@thunderwatch/shared/schemas/sheets';
import { type AuthUser, requirePermission } from '../../../lib/access.js';
import { AppError } from '../../../lib/app-error.js';
import { readScope } from '../../../lib/group-scope.js';
import { requestTimeZone, requireWholeHours } from '../../../lib/time-zone.js';
import type { AlertFilter } from '../../warnings/alerts/alerts-repo.js';
import type { LocationSkill, ScoredSite } from '../../warnings/warning-status/location-skill.js';
import { SHEETS } from './sheet-catalog.js';
import { sheetCsv, sheetXlsx } from './sheet-export.js';
import type { SheetsRepo } from './sheets-repo.js';

const DAY_MS = 86_400_000;
/** Episodes one alert sheet reads at most; a group's year is far below it. */
export const SHEET_MAX_EPISODES = 200_000;

type Row = Record<string, SheetCell>;
/** A stored location as far as scoring it goes. */
type ScoredSiteOf = Omit<ScoredSite, 'createdMs'> & { createdAt: string };
type SheetFilter = Omit<SheetQuery, 'limit' | 'offset'>;
export interface SheetFile {
  body: string | Buffer;
  type: string;
  filename: string;
}

const invalid = (field: string, message: string) =>
  new AppError('validation.failed', 400, `${field} ${message}`, [{ field, message }]);

/** The fixed data sheets: rows made for the caller's group and period, sorted, paged or downloaded. */
export class SheetsService {
  constructor(
    private readonly d: {
      repo: SheetsRepo;
      alerts: {
        list(f: AlertFilter, limit: number, offset: number): Promise<{ items: AlertDto[]; total: number }>;
      };
      locations: { ofGroup(groupId: number | null): Promise<(ScoredSiteOf & { name: string })[]> };
      skill: Pick<LocationSkill, 'ofEach'>;
      /** Province names by code (GB/T 2260). */
      provinces: () => Promise<Map<string, { nameZh: string; nameEn: string }>>;
      now: () => Date;
      /** The deployment's time zone (`TIME_ZONE`): the lightning sheets' days unless the caller names one. */
      timeZone: string;
    },
  ) {}

  list(user: AuthUser): SheetList {
    requirePermission(user, 'location.read');
    return { items: SHEET_IDS.map((id) => SHEETS[id]) };
  }

  async page(user: AuthUser, name: string, q: SheetQuery): Promise<SheetPage> {
    requirePermission(user, 'location.read');
    const id = sheetId(name);
    const { rows, from, to } = await this.sortedRows(user, id, q);
    return {
      sheet: SHEETS[id],
      from: from.toISOString(),
      to: to.toISOString(),
      rows: rows.slice(q.offset, q.offset + q.limit),
      total: rows.length,
    };
  }

  /** Every row, sorted, as CSV or XLSX with headers in `lang` (default both). */
  async export(user: AuthUser, name: string, q: SheetExportQuery): Promise<SheetFile> {
    requirePermission(user, 'location.read');
    const id = sheetId(name);
    const info = SHEETS[id];
    const sorted = (await this.sortedRows(user, id, q)).rows;
    // In one language, sites and devices are named in it; in both, by both names.
    const { columns, rows } = namedForExport(info.columns, sorted, q.lang);
    const stem = `${id}_${q.from.slice(0, 10)}_${q.to.slice(0, 10)}`;
    if (q.format === 'csv')
      return {
        body: sheetCsv(columns, rows, q.lang),
        type: 'text/csv; charset=utf-8',
        filename: `${stem}.csv`,
      };
    return {
      body: await sheetXlsx(
        q.lang === 'en' ? info.name.en : info.name['zh-Hans'],
        columns,
        rows,
        q.lang,
        requestTimeZone(q.time_zone, this.d.timeZone),
      ),
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      filename: `${stem}.xlsx`,
    };
  }

  private async sortedRows(user: AuthUser, id: SheetId, q: SheetFilter) {
    requirePermission(user, 'location.read');
    const info = SHEETS[id];
    const from = new Date(q.from);
    const to = new Date(q.to);
    if (to <= from) throw invalid('to', 'must be after from');
    if (to.getTime() - from.getTime() > SHEET_MAX_DAYS * DAY_MS)
      throw invalid('to', `must be at most ${SHEET_MAX_DAYS} days after from`);
    const sort = q.sort ?? info.default_sort;
    if (!info.columns.some((c) => c.key === sort))
      throw invalid('sort', `must be one of ${info.columns.map((c) => c.key).join(', ')}`);
    const rows = await this.rowsOf(id, readScope(user, q.group_id), from, to, q.time_zone);
    return { rows: sortRows(rows, sort, q.order ?? 'asc'), from, to };
  }

  /**
   * A sheet's rows for a group (null: every group) and period, unsorted: for reports, which checked access. The
   * lightning sheets count the local days and months of `timeZone` (default the deployment's).
   */
  async rowsOf(id: SheetId, scope: number | null, from: Date, to: Date, timeZone?: string): Promise<Row[]> {
    const end = new Date(Math.min(to.getTime(), this.d.now().getTime()));
    if (id === 'lightning_daily' || id === 'lightning_monthly') {
      // Lightning is the same for every group; the hourly rollups are summed into the zone's local days.
      const zone = requestTimeZone(timeZone, this.d.timeZone);
      requireWholeHours(zone, from, to);
      const [rows, names] = await Promise.all([
        this.d.repo.provinceLightning(from, to, zone, id === 'lightning_daily' ? 'day' : 'month'),
        this.d.provinces(),
      ]);
      return rows.map(({ period, first_time, last_time, cg_days, ...r }) => ({
        ...(id === 'lightning_daily' ? { day: period } : { month: period, cg_days }),
        ...r,
        name_zh: names.get(r.code)?.nameZh ?? null,
        name_en: names.get(r.code)?.nameEn ?? null,
        first_time: first_time.toISOString(),
        last_time: last_time.toISOString(),
      }));
    }
    if (id === 'alerts') {
      const [locations, alerts] = await Promise.all([
        this.d.locations.ofGroup(scope),
        this.d.alerts.list({ groupId: scope, from, to }, SHEET_MAX_EPISODES + 1, 0),
      ]);
      if (alerts.items.length > SHEET_MAX_EPISODES)
        throw invalid('from', `the period holds more than ${SHEET_MAX_EPISODES} episodes; shorten it`);
      const episodes = alerts.items.map((a) => ({
        locationId: a.location_id,
        startedMs: Date.parse(a.started_at),
        endedMs: a.ended_at ? Date.parse(a.ended_at) : null,
        peakLevel: a.peak_level,
        predicted: a.predicted,
      }));
      // Skill as every screen reads it (events in the innermost ring since the site was made).
      const skill = await this.d.skill.ofEach(
        locations.map((l) => ({ ...l, createdMs: Date.parse(l.createdAt) })),
        from,
        to,
      );
      return alertSheetRows(locations, episodes, skill, end.getTime()) as unknown as Row[];
    }
    const devices = await this.d.repo.devicesWithChanges(scope, from, end);
    return devices.map((d) => ({
      device_id: d.id,
      name: d.name,
      name_en: d.name_en,
      kind: d.kind,
      status: d.status,
      ...periodUptime(d.changes, from.getTime(), end.getTime()),
      last_heartbeat_at: d.last_heartbeat_at?.toISOString() ?? null,
    }));
  }
}

function sheetId(name: string): SheetId {
  if (!(SHEET_IDS as readonly string[]).includes(name))
    throw new AppError('sheet.not_found', 404, `No sheet ${name}; there are ${SHEET_IDS.join(', ')}`);
  return name as SheetId;
}

/** Sorted by one column, empty cells last whichever the order; ties keep the sheet's own order. */
export function sortRows(rows: Row[], key: string, order: 'asc' | 'desc'): Row[] {
  const sign = order === 'asc' ? 1 : -1;
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => {
      const x = a.row[key] ?? null;
      const y = b.row[key] ?? null;
      if (x === null || y === null) return x === y ? a.i - b.i : x === null ? 1 : -1;
      const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return c === 0 ? a.i - b.i : sign * c;
    })
    .map((e) => e.row);
}
