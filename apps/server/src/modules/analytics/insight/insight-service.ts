import { localDateTime } from '@thunderwatch/domain/common/local-time';
import type { LocationShape } from '@thunderwatch/shared/schemas/geo';
import type {
  ReportDto,
  ReportList,
  ReportListQuery,
  ReportParameters,
  ReportSheets,
  ScheduleDto,
  ScheduleInput,
  ScheduleList,
  TemplateList,
} from '@thunderwatch/shared/schemas/insight';
import { type AuthUser, groupScope, requirePermission } from '../../../lib/access.js';
import { AppError } from '../../../lib/app-error.js';
import { readScope, writeGroup } from '../../../lib/group-scope.js';
import { requestTimeZone } from '../../../lib/time-zone.js';
import type { LoadedRegions } from '../../regions/regions-service.js';
import type { ReportContent } from './report-content.js';
import { provisionalTitle, TEMPLATES } from './report-templates.js';
import type { ReportsRepo } from './reports-repo.js';
import type { SchedulesRepo } from './schedules-repo.js';

const notFound = () => new AppError('report.not_found', 404, 'No such report');
const invalid = (field: string, message: string) =>
  new AppError('validation.failed', 400, `${field} ${message}`, [{ field, message }]);

/** Insight reports: who may make and read them, what their parameters must be, and where they are kept. */
export class InsightService {
  constructor(
    private readonly d: {
      reports: ReportsRepo;
      regions: () => Promise<LoadedRegions>;
      location: (id: number, scope: number | null) => Promise<{ name: string; shape: LocationShape } | null>;
      worker: { kick(): Promise<void> };
      schedules: SchedulesRepo;
      /** Whether a distribution list of the group exists. */
      listExists: (id: number, groupId: number) => Promise<boolean>;
      groupExists: (id: number) => Promise<boolean>;
      /** The local time schedules count in. */
      timeZone: string;
      /** The deployment's zone (`TIME_ZONE`): a report asked for without `time_zone` is kept with this one. */
      reportTimeZone: string;
      now: () => Date;
    },
  ) {}

  async schedulesOf(user: AuthUser, groupId?: number): Promise<ScheduleList> {
    requirePermission(user, 'location.read');
    return { items: await this.d.schedules.list(readScope(user, groupId)) };
  }

  /** A monthly report for the caller's group, sent to one of its lists when made (`distribution.manage`). */
  async schedule(user: AuthUser, input: ScheduleInput): Promise<ScheduleDto> {
    requirePermission(user, 'distribution.manage');
    if (input.list_id !== null && !(await this.d.listExists(input.list_id, user.groupId)))
      throw new AppError('distribution.not_found', 404, 'No such distribution list');
    if (input.parameters.template === 'region_monthly') await this.checkRegion(input.parameters.region);
    return this.d.schedules.create(user.groupId, input, this.d.timeZone, user.id, this.d.now());
  }

  async unschedule(user: AuthUser, id: number): Promise<void> {
    requirePermission(user, 'distribution.manage');
    if (!(await this.d.schedules.remove(id, groupScope(user))))
      throw new AppError('report.schedule_not_found', 404, 'No such report schedule');
  }

  private async checkRegion(region: string): Promise<void> {
    const loaded = await this.d.regions();
    const known = region.endsWith('0000')
      ? loaded.byCode.province.has(region)
      : loaded.byCode.city.has(region);
    if (!known) throw new AppError('region.not_found', 404, `No province or city ${region}`);
  }

  templates(user: AuthUser): TemplateList {
    requirePermission(user, 'location.read');
    return { items: TEMPLATES };
  }

  /** Queues a report of the caller's group (administrators: `group_id` for the group report). */
  async create(user: AuthUser, asked: ReportParameters): Promise<ReportDto> {
    requirePermission(user, 'location.update');
    // The zone is kept with the report, so it reads the same however the deployment's changes later.
    const p: ReportParameters = {
      ...asked,
      time_zone: requestTimeZone(asked.time_zone, this.d.reportTimeZone),
    };
    // The group report is about, and kept in, a group that exists (it failed the insert with 500).
    const groupId =
      p.template === 'group_warning' ? await writeGroup(user, p.group_id, this.d.groupExists) : user.groupId;
    const period = await this.check(user, p);
    const report = await this.d.reports.create({
      groupId,
      parameters: p.template === 'group_warning' ? { ...p, group_id: groupId } : p,
      title: provisionalTitle(p, period),
      createdBy: user.id,
      now: this.d.now(),
    });
    void this.d.worker.kick();
    return report;
  }

  async list(user: AuthUser, q: ReportListQuery): Promise<ReportList> {
    requirePermission(user, 'location.read');
    return this.d.reports.list(readScope(user, q.group_id), q.limit, q.offset);
  }

  async get(user: AuthUser, id: number): Promise<ReportDto> {
    requirePermission(user, 'location.read');
    const report = await this.d.reports.get(id, groupScope(user));
    if (!report) throw notFound();
    return report;
  }

  async html(user: AuthUser, id: number): Promise<string> {
    requirePermission(user, 'location.read');
    const report = await this.get(user, id);
    const html = report.status === 'done' ? await this.d.reports.body(id, groupScope(user), 'html') : null;
    if (typeof html !== 'string')
      throw new AppError('report.not_ready', 409, `The report is ${report.status}`);
    return html;
  }

  async pdf(user: AuthUser, id: number): Promise<{ pdf: Buffer; title: string }> {
    requirePermission(user, 'location.read');
    const report = await this.get(user, id);
    if (report.status !== 'done')
      throw new AppError('report.not_ready', 409, `The report is ${report.status}`);
    const pdf = await this.d.reports.body(id, groupScope(user), 'pdf');
    // bytea arrives as a Buffer from PostgreSQL and as a Uint8Array from the embedded database.
    if (!(pdf instanceof Uint8Array))
      throw new AppError('report.no_pdf', 409, report.pdf_note ?? 'This report has no PDF');
    return { pdf: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength), title: report.title };
  }

  async sheets(user: AuthUser, id: number): Promise<ReportSheets> {
    requirePermission(user, 'location.read');
    const report = await this.get(user, id);
    const sheets =
      report.status === 'done' ? await this.d.reports.body(id, groupScope(user), 'sheets') : null;
    if (!Array.isArray(sheets)) throw new AppError('report.not_ready', 409, `The report is ${report.status}`);
    return { report_id: id, sheets: sheets as ReportSheets['sheets'] };
  }

  /** What the schema cannot check: the place exists and is the caller's, the period is not in the future. */
  private async check(user: AuthUser, p: ReportParameters): Promise<string> {
    // This month and year where the report counts its days (after midnight on the 1st in Beijing, the new
    // month is not "in the future" there, though it still is in UTC).
    const today = localDateTime(this.d.now(), p.time_zone ?? this.d.reportTimeZone);
    const thisMonth = today.slice(0, 7);
    if (p.template === 'site_annual') {
      if (p.year > Number(today.slice(0, 4))) throw invalid('year', 'must not be in the future');
      if (!(await this.d.location(p.location_id, groupScope(user))))
        throw new AppError('location.not_found', 404, 'No such location');
      return String(p.year);
    }
    if (p.month > thisMonth) throw invalid('month', 'must not be in the future');
    if (p.template === 'region_monthly') {
      const loaded = await this.d.regions();
      const known = p.region.endsWith('0000')
        ? loaded.byCode.province.has(p.region)
        : loaded.byCode.city.has(p.region);
      if (!known) throw new AppError('region.not_found', 404, `No province or city ${p.region}`);
    }
    return p.month;
  }
}

export type ReportBuilder = (p: ReportParameters, groupId: number) => Promise<ReportContent>;
