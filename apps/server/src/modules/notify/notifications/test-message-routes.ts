import { CHANNELS, RECIPIENT_KINDS, WEBHOOK_FORMATS } from '@thunderwatch/shared/notifications';
import { errors, Id, Nullable } from '@thunderwatch/shared/schemas/kit';
import { Type } from 'typebox';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import { DeliveryRecord } from './notification-schemas.js';
import type { TestMessageService } from './test-message-service.js';

const TestRecipient = Type.Object(
  {
    kind: Type.Union(RECIPIENT_KINDS.map((k) => Type.Literal(k))),
    value: Type.String({ minLength: 1, maxLength: 2048 }),
    format: Type.Optional(Type.Union(WEBHOOK_FORMATS.map((f) => Type.Literal(f)))),
    secret: Type.Optional(Nullable(Type.String({ minLength: 8, maxLength: 256 }))),
  },
  { additionalProperties: false },
);

export function testMessageRoutes(app: App, tests: TestMessageService): void {
  app.post(
    '/api/notification/test',
    {
      schema: {
        tags: ['notification'],
        description:
          'Sends a test message now through one channel to one recipient and answers how it went. Anyone may test a channel to themselves (`{kind: "user", value: "<my id>"}`); other recipients need distribution.manage.',
        body: Type.Object(
          {
            channel: Type.Union(CHANNELS.map((c) => Type.Literal(c))),
            recipient: TestRecipient,
            list_id: Type.Optional(Id),
          },
          { additionalProperties: false },
        ),
        response: { 200: DeliveryRecord, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => tests.send(callerOf(req), req.body),
  );
}
