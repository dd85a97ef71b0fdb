import { AccessLogQuery, AccessLogResponse } from '@thunderwatch/shared/schemas/admin';
import { errors } from '@thunderwatch/shared/schemas/kit';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { AccessLogService } from './access-log-service.js';

export function accessLogRoutes(app: App, accessLog: AccessLogService): void {
  app.get(
    '/api/access_log',
    {
      schema: {
        tags: ['access log'],
        querystring: AccessLogQuery,
        response: { 200: AccessLogResponse, ...errors(400, 401, 403) },
      },
    },
    async (req, reply) => {
      const { format, limit, offset, from, to, ...rest } = req.query;
      const filter = { ...rest, from: from ? new Date(from) : undefined, to: to ? new Date(to) : undefined };
      if (format === 'csv') {
        const csv = await accessLog.csv(callerOf(req), filter);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="access_log.csv"')
          .serializer((s: unknown) => String(s))
          .send(`\uFEFF${csv}`);
      }
      return accessLog.list(callerOf(req), filter, limit, offset);
    },
  );
}
