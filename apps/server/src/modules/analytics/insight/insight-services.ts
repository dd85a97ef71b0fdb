import { nameIn } from '@thunderwatch/shared/names';
import type { ReportParameters } from '@thunderwatch/shared/schemas/insight';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/database.js';
import type { AlarmOutbox } from '../../notify/delivery/alarm-outbox.js';
import type { LoadedRegions } from '../../regions/regions-service.js';
import type { LocationsRepo } from '../../warnings/locations/locations-repo.js';
import type { OverviewRepo } from '../overview/overview-repo.js';
import type { SheetsService } from '../sheets/sheets-service.js';
import type { StrokeQueryRunner } from '../stroke-query/query-runner.js';
import { groupWarning } from './group-warning.js';
import { InsightService } from './insight-service.js';
import { regionMonthly } from './region-monthly.js';
import type { ReportContent } from './report-content.js';
import { ReportDataRepo } from './report-data-repo.js';
import { ReportPrinter } from './report-pdf.js';
import { ReportScheduler } from './report-scheduler.js';
import { ReportWorker } from './report-worker.js';
import { ReportsRepo } from './reports-repo.js';
import { SchedulesRepo } from './schedules-repo.js';
import { siteAnnual } from './site-annual.js';

/** The insight reports: the repository, the worker that makes them, the service the routes call. */
export function insightServices(d: {
  db: Database;
  config: { reports: { chromiumPath: string | null; pollMs: number } };
  runner: StrokeQueryRunner;
  regions: () => Promise<LoadedRegions>;
  locations: Pick<LocationsRepo, 'get'>;
  sheets: Pick<SheetsService, 'rowsOf'>;
  overview: Pick<OverviewRepo, 'deliveryHealth'>;
  listExists: (id: number, groupId: number) => Promise<boolean>;
  groupExists: (id: number) => Promise<boolean>;
  /** Tells a scheduled report's list that it is ready (the outbox, in the report's own transaction). */
  outbox: Pick<AlarmOutbox, 'enqueueReport' | 'committed'>;
  /** The deployment's zone (`TIME_ZONE`): a report's days and months unless it names its own. */
  timeZone: string;
  /** The local time schedules fire in (`NOTIFY_TIME_ZONE`). */
  scheduleTimeZone: string;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const reports = new ReportsRepo(d.db);
  const schedules = new SchedulesRepo(d.db);
  const data = new ReportDataRepo(d.db);
  const location = async (id: number, scope: number | null) => {
    const found = await d.locations.get(id, scope);
    return found ? { name: found.name, nameEn: found.nameEn, shape: found.shape } : null;
  };
  const build = (p: ReportParameters, groupId: number): Promise<ReportContent> => {
    switch (p.template) {
      case 'region_monthly':
        return regionMonthly(p, { runner: d.runner, regions: d.regions, timeZone: d.timeZone });
      case 'site_annual':
        return siteAnnual(p, { data, location: (id) => location(id, groupId), timeZone: d.timeZone });
      case 'group_warning':
        return groupWarning(
          { ...p, group_id: p.group_id ?? groupId, time_zone: p.time_zone ?? d.timeZone },
          {
            groupName: async (id) => nameIn(p.language, await data.groupName(id)),
            sheet: (id, group, from, to, zone) => d.sheets.rowsOf(id, group, from, to, zone),
            deliveries: (group, range) => d.overview.deliveryHealth(group, range),
          },
        );
    }
  };
  /** A scheduled report that is done goes to its schedule's list (once: the deliveries' keys are the report's). */
  const done = async (reportId: number) => {
    const target = await schedules.listOf(reportId);
    const report = await reports.get(reportId, null);
    if (!target?.listId || !report || report.status !== 'done') return;
    const listId = target.listId;
    await d.db.transaction((tx) =>
      d.outbox.enqueueReport(tx, {
        groupId: target.groupId,
        listId,
        at: d.now(),
        facts: {
          report_id: report.id,
          title: report.title,
          period: 'month' in report.parameters ? report.parameters.month : String(report.parameters.year),
          has_pdf: report.has_pdf,
          at: d.now().toISOString(),
        },
      }),
    );
    d.outbox.committed();
  };
  const reportWorker = new ReportWorker({
    reports,
    build,
    done,
    printer: new ReportPrinter(d.config.reports.chromiumPath),
    now: d.now,
    log: d.log,
    everyMs: d.config.reports.pollMs,
  });
  return {
    reportWorker,
    reportScheduler: new ReportScheduler({
      db: d.db,
      schedules,
      reports,
      worker: reportWorker,
      now: d.now,
      log: d.log,
    }),
    insight: new InsightService({
      reports,
      regions: d.regions,
      location,
      worker: reportWorker,
      schedules,
      listExists: d.listExists,
      groupExists: d.groupExists,
      timeZone: d.scheduleTimeZone,
      reportTimeZone: d.timeZone,
      now: d.now,
    }),
  };
}
