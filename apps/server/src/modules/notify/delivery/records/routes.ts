import { errors } from '@thunderwatch/shared/schemas/kit';
import {
  DeliveryAttemptsSchema,
  DeliveryPageSchema,
  DeliveryParamsSchema,
  DeliveryQuerySchema,
} from '@thunderwatch/shared/schemas/notifications';
import { callerOf } from '../../../../lib/caller.js';
import type { App } from '../../../../lib/fastify.js';
import type { DeliveryRecordsService } from './delivery-records-service.js';

/** How each message went: the delivery records I may see, and each one's attempts. */
export function deliveryRecordRoutes(app: App, deliveries: DeliveryRecordsService): void {
  app.get(
    '/api/notification/deliveries',
    {
      schema: {
        tags: ['notification'],
        querystring: DeliveryQuerySchema,
        response: { 200: DeliveryPageSchema, ...errors(400, 401) },
      },
    },
    async (req) => {
      const { alarm_id, ...rest } = req.query;
      return deliveries.list(callerOf(req), { ...rest, alarmId: alarm_id });
    },
  );
  app.get(
    '/api/notification/deliveries/:id/attempts',
    {
      schema: {
        tags: ['notification'],
        params: DeliveryParamsSchema,
        response: { 200: DeliveryAttemptsSchema, ...errors(400, 401, 404) },
      },
    },
    async (req) => deliveries.attempts(callerOf(req), req.params.id),
  );
}
