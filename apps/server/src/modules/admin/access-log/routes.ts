import { errors, Paging, pageOf } from '@thunderwatch/shared/schemas/kit';
import { Type } from 'typebox';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { AccessLogService } from './access-log-service.js';

const Entry = Type.Object({
  id: Type.Integer(),
  at: Type.String({ format: 'date-time' }),
  user_id: Type.Union([Type.Integer(), Type.Null()]),
  username: Type.Union([Type.String(), Type.Null()]),
  group_id: Type.Union([Type.Integer(), Type.Null()]),
  method: Type.String(),
  path: Type.String(),
  status: Type.Integer(),
  ip: Type.String(),
  user_agent: Type.String(),
  duration_ms: Type.Number(),
});

const Query = Type.Object(
  {
    username: Type.Optional(Type.String({ maxLength: 100 })),
    path: Type.Optional(Type.String({ maxLength: 200 })),
    method: Type.Optional(Type.Enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])),
    status: Type.Optional(Type.Integer({ minimum: 100, maximum: 599 })),
    from: Type.Optional(Type.String({ format: 'date-time' })),
    to: Type.Optional(Type.String({ format: 'date-time' })),
    format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv')])),
    ...Paging,
  },
  { additionalProperties: false },
);

export function accessLogRoutes(app: App, accessLog: AccessLogService): void {
  app.get(
    '/api/access_log',
    {
      schema: {
        tags: ['access log'],
        querystring: Query,
        // 200 is JSON `{items, total}` or, with format=csv, a CSV file.
        response: { 200: Type.Union([pageOf(Entry), Type.String()]), ...errors(400, 401, 403) },
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
