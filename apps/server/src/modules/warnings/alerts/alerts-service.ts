import type { AlertDto, HourlyWarningRow } from '@thunderwatch/shared/schemas/alerts';
import { type AuthUser, requirePermission } from '../../../lib/access.js';
import { AppError } from '../../../lib/app-error.js';
import { toCsv } from '../../../lib/csv.js';
import { readScope } from '../../../lib/group-scope.js';
import { requestTimeZone } from '../../../lib/time-zone.js';
import type { HeaderLang } from '../../../lib/xlsx.js';
import { alertsXlsx } from './alert-export.js';
import type { AlertFilter, AlertsRepo } from './alerts-repo.js';
import { alertToCap } from './cap.js';
import type { WarningStatsRepo } from './warning-stats-repo.js';

export type AlertQuery = Omit<AlertFilter, 'groupId'> & { groupId?: number };

export const ALERT_CSV_MAX_ROWS = 100_000;
export const HOURLY_MAX_DAYS = 31;
const DAY_MS = 86_400_000;

const CSV_HEADER = [
  'id',
  'location_id',
  'location_name',
  'location_name_en',
  'started_at',
  'ended_at',
  'peak_level',
  'nearest_km',
  'strokes_per_ring',
  'first_stroke_time',
  'warned_before_first_inner_stroke',
  'lead_time_min',
  'predicted',
  'ring_at',
  'predicted_lead_min',
];

const csvRow = (a: AlertDto) => [
  a.id,
  a.location_id,
  a.location_name,
  a.location_name_en,
  a.started_at,
  a.ended_at,
  a.peak_level,
  a.nearest_km,
  a.ring_counts.map((c) => `${c.radius_km} km: ${c.strokes}`).join('; '),
  a.first_stroke?.time ?? null,
  a.warned_before_first_inner === null ? null : a.warned_before_first_inner ? 'yes' : 'no',
  a.lead_time_min,
  a.predicted ? 'yes' : 'no',
  a.ring_at,
  a.predicted_lead_min,
];

const notFound = () => new AppError('alert.not_found', 404, 'No such alert');

/** Alert episodes of the caller's group (admins: all or one group), their CSV and CAP forms, statistics. */
export class AlertsService {
  constructor(
    private readonly alerts: AlertsRepo,
    private readonly stats: WarningStatsRepo,
    private readonly now: () => Date,
    /** The deployment's zone (`TIME_ZONE`): an export's times without `time_zone`. */
    private readonly timeZone: string,
  ) {}

  async list(user: AuthUser, q: AlertQuery, limit: number, offset: number) {
    requirePermission(user, 'location.read');
    const { groupId, ...filter } = q;
    return this.alerts.list({ ...filter, groupId: readScope(user, groupId) }, limit, offset);
  }

  async csv(user: AuthUser, q: AlertQuery): Promise<string> {
    requirePermission(user, 'location.read');
    const page = await this.list(user, q, ALERT_CSV_MAX_ROWS, 0);
    return toCsv(CSV_HEADER, page.items.map(csvRow));
  }

  /** The filtered episodes (at most as many as the CSV) as an XLSX workbook, headed in `lang`, times in `zone`. */
  async xlsx(user: AuthUser, q: AlertQuery, lang: HeaderLang, zone?: string): Promise<Buffer> {
    requirePermission(user, 'location.read');
    const timeZone = requestTimeZone(zone, this.timeZone);
    const page = await this.list(user, q, ALERT_CSV_MAX_ROWS, 0);
    return alertsXlsx(page.items, lang, timeZone);
  }

  async get(user: AuthUser, id: number): Promise<AlertDto> {
    requirePermission(user, 'location.read');
    const found = await this.alerts.findById(id, readScope(user, undefined));
    if (!found) throw notFound();
    return found.alert;
  }

  async cap(user: AuthUser, id: number, sender: string): Promise<string> {
    requirePermission(user, 'location.read');
    const found = await this.alerts.findById(id, readScope(user, undefined));
    if (!found) throw notFound();
    return alertToCap(found, { sender, now: this.now() });
  }

  /** Default: the last 24 hours. */
  async hourly(
    user: AuthUser,
    q: { from?: Date; to?: Date; location_id?: number; group_id?: number },
  ): Promise<{ items: HourlyWarningRow[] }> {
    requirePermission(user, 'location.read');
    const to = q.to ?? this.now();
    const from = q.from ?? new Date(to.getTime() - DAY_MS);
    if (from >= to) {
      throw new AppError('validation.failed', 400, 'from must be before to', [
        { field: 'to', message: 'must be after from' },
      ]);
    }
    if (to.getTime() - from.getTime() > HOURLY_MAX_DAYS * DAY_MS) {
      throw new AppError('warning.window_too_large', 400, `At most ${HOURLY_MAX_DAYS} days at once`, [
        { field: 'from', message: `at most ${HOURLY_MAX_DAYS} days before to` },
      ]);
    }
    const groupId = readScope(user, q.group_id);
    return { items: await this.stats.hourly({ groupId, locationId: q.location_id, from, to }) };
  }
}
