import {
  Alert,
  AlertHistory,
  AlertQuery,
  CapMessage,
  HourlyWarningQuery,
  HourlyWarnings,
} from '@thunderwatch/shared/schemas/alerts';
import { errors, Id } from '@thunderwatch/shared/schemas/kit';
import { Type } from 'typebox';
import { callerOf } from '../../../lib/caller.js';
import { CAP_CONTENT_TYPE } from '../../../lib/cap-format.js';
import type { App } from '../../../lib/fastify.js';
import type { AlertsService } from './alerts-service.js';

const ById = { params: Type.Object({ id: Id }) };
const dateOf = (s: string | undefined) => (s ? new Date(s) : undefined);
/** CAP `sender` from the host name the caller used, reduced to characters CAP allows. */
const senderOf = (hostname: string) =>
  `thunderwatch@${hostname.replace(/[^A-Za-z0-9.-]/g, '') || 'localhost'}`;

export function alertRoutes(app: App, alerts: AlertsService): void {
  app.get(
    '/api/alert_hist/',
    {
      schema: {
        tags: ['alerts'],
        querystring: AlertQuery,
        response: { 200: AlertHistory, ...errors(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const {
        format,
        lang,
        time_zone,
        limit,
        offset,
        from,
        to,
        group_id,
        location_id,
        peak_level,
        open,
        predicted,
      } = req.query;
      const query = {
        groupId: group_id,
        locationId: location_id,
        peakLevel: peak_level,
        open,
        predicted,
        from: dateOf(from),
        to: dateOf(to),
      };
      if (format === 'csv') {
        const csv = await alerts.csv(callerOf(req), query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="alert_hist.csv"')
          .serializer((s: unknown) => String(s))
          .send(`\uFEFF${csv}`);
      }
      if (format === 'xlsx') {
        const book = await alerts.xlsx(callerOf(req), query, lang, time_zone);
        return reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', 'attachment; filename="alert_hist.xlsx"')
          .send(book);
      }
      return alerts.list(callerOf(req), query, limit, offset);
    },
  );

  app.get(
    '/api/alert_hist/:id',
    { schema: { tags: ['alerts'], ...ById, response: { 200: Alert, ...errors(401, 403, 404) } } },
    (req) => alerts.get(callerOf(req), req.params.id),
  );

  app.get(
    '/api/alert_hist/:id/cap',
    {
      schema: {
        tags: ['alerts'],
        description: 'The alert as an OASIS CAP 1.2 message (application/cap+xml)',
        ...ById,
        response: { 200: CapMessage, ...errors(401, 403, 404) },
      },
    },
    async (req, reply) => {
      const xml = await alerts.cap(callerOf(req), req.params.id, senderOf(req.hostname));
      return reply
        .type(CAP_CONTENT_TYPE)
        .header('content-disposition', `inline; filename="alert-${req.params.id}.cap.xml"`)
        .send(xml);
    },
  );

  app.get(
    '/api/hourly_warning',
    {
      schema: {
        tags: ['alerts'],
        querystring: HourlyWarningQuery,
        response: { 200: HourlyWarnings, ...errors(400, 401, 403, 404) },
      },
    },
    (req) =>
      alerts.hourly(callerOf(req), {
        ...req.query,
        from: dateOf(req.query.from),
        to: dateOf(req.query.to),
      }),
  );
}
