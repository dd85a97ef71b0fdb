import { errors } from '@thunderwatch/shared/schemas/kit';
import { DeliveryRecordSchema, TestMessageInputSchema } from '@thunderwatch/shared/schemas/notifications';
import { callerOf } from '../../../../lib/caller.js';
import type { App } from '../../../../lib/fastify.js';
import type { TestMessageService } from './test-message-service.js';

export function testMessageRoutes(app: App, tests: TestMessageService): void {
  app.post(
    '/api/notification/test',
    {
      schema: {
        tags: ['notification'],
        description:
          'Sends a test message now through one channel to one recipient and answers how it went. Anyone may test a channel to themselves (`{kind: "user", value: "<my id>"}`); other recipients need distribution.manage.',
        body: TestMessageInputSchema,
        response: { 200: DeliveryRecordSchema, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => tests.send(callerOf(req), req.body),
  );
}
