import {
  ReportDto,
  ReportIdParams,
  ReportList,
  ReportListQuery,
  ReportParameters,
  ReportSheets,
  ScheduleDto,
  ScheduleInput,
  ScheduleList,
  TemplateList,
} from '@thunderwatch/shared/schemas/insight';
import { errors, StatusOk } from '@thunderwatch/shared/schemas/kit';
import { Type } from 'typebox';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { InsightService } from './insight-service.js';

const BINARY = Type.Unsafe({ type: 'string', format: 'binary' });

/** Insight reports: templates and their parameters, making reports, reading them as HTML, PDF and tables. */
export function insightRoutes(app: App, insight: InsightService): void {
  app.get(
    '/api/insight/parameter/',
    {
      schema: {
        tags: ['analytics'],
        description: 'The report templates and the parameters each takes.',
        response: { 200: TemplateList, ...errors(401, 403) },
      },
    },
    (req) => insight.templates(callerOf(req)),
  );

  app.get(
    '/api/insight/report/',
    {
      schema: {
        tags: ['analytics'],
        description:
          'Generated reports of my group (administrators: all, or `group_id`), newest first, with status.',
        querystring: ReportListQuery,
        response: { 200: ReportList, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => insight.list(callerOf(req), req.query),
  );

  app.post(
    '/api/insight/report/',
    {
      schema: {
        tags: ['analytics'],
        description:
          'Queues a report (`location.update`); a report worker on any node makes its HTML and, where Chromium is ' +
          'configured, its PDF. Poll `/api/insight/report/:id` for the status.',
        body: ReportParameters,
        response: { 202: ReportDto, ...errors(400, 401, 403, 404) },
      },
    },
    async (req, reply) => reply.code(202).send(await insight.create(callerOf(req), req.body)),
  );

  app.get(
    '/api/insight/report/:id',
    {
      schema: {
        tags: ['analytics'],
        params: ReportIdParams,
        response: { 200: ReportDto, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => insight.get(callerOf(req), req.params.id),
  );

  app.get(
    '/api/insight/report/:id/html',
    {
      schema: {
        tags: ['analytics'],
        description: 'The report as one self-contained HTML page (no scripts; inline SVG charts and map).',
        params: ReportIdParams,
        response: { 200: Type.String(), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
        .send(await insight.html(callerOf(req), req.params.id)),
  );

  app.get(
    '/api/insight/report/:id/pdf',
    {
      schema: {
        tags: ['analytics'],
        params: ReportIdParams,
        response: { 200: BINARY, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      const { pdf } = await insight.pdf(callerOf(req), req.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="report-${req.params.id}.pdf"`)
        .send(pdf);
    },
  );

  app.get(
    '/api/insight/report/:id/sheets',
    {
      schema: {
        tags: ['analytics'],
        description: 'The tables behind a report, as it shows them.',
        params: ReportIdParams,
        response: { 200: ReportSheets, ...errors(400, 401, 403, 404, 409) },
      },
    },
    (req) => insight.sheets(callerOf(req), req.params.id),
  );

  app.get(
    '/api/insight/report/schedules',
    {
      schema: {
        tags: ['analytics'],
        description: 'My group’s monthly report schedules (administrators: all, or `group_id`).',
        querystring: Type.Object(
          { group_id: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })) },
          { additionalProperties: false },
        ),
        response: { 200: ScheduleList, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => insight.schedulesOf(callerOf(req), req.query.group_id),
  );

  app.post(
    '/api/insight/report/schedules',
    {
      schema: {
        tags: ['analytics'],
        description:
          'Makes the report of the month before on day `day_of_month` at `hour` (local, NOTIFY_TIME_ZONE) every month, and sends ' +
          'its link to the list `list_id` (`distribution.manage`).',
        body: ScheduleInput,
        response: { 201: ScheduleDto, ...errors(400, 401, 403, 404) },
      },
    },
    async (req, reply) => reply.code(201).send(await insight.schedule(callerOf(req), req.body)),
  );

  app.delete(
    '/api/insight/report/schedules/:id',
    {
      schema: {
        tags: ['analytics'],
        params: ReportIdParams,
        response: { 200: StatusOk, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await insight.unschedule(callerOf(req), req.params.id);
      return { status: 'ok' as const };
    },
  );
}
