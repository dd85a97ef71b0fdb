import type { ReportParameters } from '@thunderwatch/shared/schemas/insight';
import type { FastifyBaseLogger } from 'fastify';
import { failureCode } from '../../../lib/app-error.js';
import { QueueDrainer } from '../../../lib/queue-drainer.js';
import type { ReportContent } from './report-content.js';
import { reportHtml, sheetsOf } from './report-content.js';
import type { ReportPrinter } from './report-pdf.js';
import type { ClaimedReport, ReportsRepo } from './reports-repo.js';

const LEASE_MS = 5 * 60_000;

/**
 * Makes queued reports on this node, one at a time: claims the oldest (SKIP LOCKED, so every node may make
 * one), gathers its data, renders the HTML and prints the PDF; a report whose node died is taken up again when
 * its lease runs out.
 */
export class ReportWorker {
  private readonly queue: QueueDrainer<ClaimedReport>;

  constructor(
    private readonly d: {
      reports: ReportsRepo;
      build: (p: ReportParameters, groupId: number) => Promise<ReportContent>;
      printer: ReportPrinter;
      /** Called after a report is done (a scheduled one is sent to its list). */
      done?: (reportId: number) => Promise<void>;
      now: () => Date;
      log: FastifyBaseLogger;
      everyMs: number;
    },
  ) {
    this.queue = new QueueDrainer({
      everyMs: d.everyMs,
      what: 'report generation',
      log: d.log,
      claim: () => d.reports.claim(d.now(), new Date(d.now().getTime() + LEASE_MS)),
      work: (report) => this.make(report),
    });
  }

  start(): void {
    this.queue.start();
  }

  async stop(): Promise<void> {
    await this.queue.stop();
    await this.d.printer.close();
  }

  kick(): Promise<void> {
    return this.queue.kick();
  }

  private async make(report: ClaimedReport): Promise<void> {
    try {
      const content = await this.d.build(report.parameters, report.group_id);
      // Made now by the portal's clock, read in the report's zone.
      const html = reportHtml(content, this.d.now());
      const note = this.d.printer.unavailable();
      const pdf = note ? null : await this.d.printer.pdf(html);
      await this.d.reports.finish(
        report.id,
        { html, pdf, pdfNote: note, sheets: sheetsOf(content), title: content.title },
        this.d.now(),
      );
      await this.d.done?.(report.id);
    } catch (error) {
      this.d.log.error({ err: error, report: report.id }, 'report generation failed');
      await this.d.reports.finish(report.id, { error: failureCode(error) }, this.d.now());
    }
  }
}
