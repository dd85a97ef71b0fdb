import { errors, Id, StatusOk } from '@thunderwatch/shared/schemas/kit';
import { FeedList, NewFeed, NewFeedRequest } from '@thunderwatch/shared/schemas/lightning';
import { Type } from 'typebox';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { FeedsService } from './feeds-service.js';

/** Admins create, list and revoke the API keys with which feeds deliver strokes. */
export function feedRoutes(app: App, feeds: FeedsService): void {
  app.post(
    '/api/feeds/',
    {
      schema: {
        tags: ['feeds'],
        body: NewFeedRequest,
        response: { 201: NewFeed, ...errors(400, 401, 403, 409) },
      },
    },
    async (req, reply) => reply.status(201).send(await feeds.create(callerOf(req), req.body.name)),
  );

  app.get(
    '/api/feeds/',
    {
      schema: {
        tags: ['feeds'],
        response: { 200: FeedList, ...errors(401, 403) },
      },
    },
    async (req) => ({ items: await feeds.list(callerOf(req)) }),
  );

  app.delete(
    '/api/feeds/:id',
    {
      schema: {
        tags: ['feeds'],
        params: Type.Object({ id: Id }),
        response: { 200: StatusOk, ...errors(401, 403, 404) },
      },
    },
    async (req) => {
      await feeds.revoke(callerOf(req), req.params.id);
      return { status: 'ok' as const };
    },
  );
}
