import { errors } from '@thunderwatch/shared/schemas/kit';
import {
  InboxPageSchema,
  InboxQuerySchema,
  MarkReadResultSchema,
  MarkReadSchema,
} from '@thunderwatch/shared/schemas/notifications';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { InboxService } from './inbox-service.js';

/** My in-app inbox: read a page of my messages, mark them read. */
export function inboxRoutes(app: App, inbox: InboxService): void {
  app.get(
    '/api/notification_record',
    {
      schema: {
        tags: ['notification'],
        querystring: InboxQuerySchema,
        response: { 200: InboxPageSchema, ...errors(400, 401) },
      },
    },
    async (req) => inbox.list(callerOf(req), req.query),
  );
  app.post(
    '/api/notification_record',
    {
      schema: {
        tags: ['notification'],
        description: 'Marks my messages read: `{ids}` those, `{all: true}` every unread one.',
        body: MarkReadSchema,
        response: { 200: MarkReadResultSchema, ...errors(400, 401) },
      },
    },
    async (req) => inbox.markRead(callerOf(req), req.body),
  );
}
