import { errors, Paging, pageOf } from '@thunderwatch/shared/schemas/kit';
import { Type } from 'typebox';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { SmsService } from './sms-service.js';

const OutboxEntry = Type.Object({
  id: Type.Integer(),
  phone: Type.String(),
  message: Type.String(),
  provider: Type.String(),
  status: Type.String(),
  error: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
});

export function smsRoutes(app: App, sms: SmsService): void {
  app.get(
    '/api/admin/sms_outbox',
    {
      schema: {
        tags: ['admin'],
        querystring: Type.Object(Paging, { additionalProperties: false }),
        response: { 200: pageOf(OutboxEntry), ...errors(401, 403) },
      },
    },
    (req) => sms.listOutbox(callerOf(req), req.query.limit, req.query.offset),
  );
}
