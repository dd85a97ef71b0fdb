import { errors, pageOf } from '@thunderwatch/shared/schemas/kit';
import { SmsOutboxEntrySchema, SmsOutboxQuerySchema } from '@thunderwatch/shared/schemas/sms';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { SmsService } from './sms-service.js';

export function smsRoutes(app: App, sms: SmsService): void {
  app.get(
    '/api/admin/sms_outbox',
    {
      schema: {
        tags: ['admin'],
        querystring: SmsOutboxQuerySchema,
        response: { 200: pageOf(SmsOutboxEntrySchema), ...errors(401, 403) },
      },
    },
    (req) => sms.listOutbox(callerOf(req), req.query.limit, req.query.offset),
  );
}
