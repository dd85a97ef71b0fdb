import { errors, Id, StatusOk } from '@thunderwatch/shared/schemas/kit';
import { Type } from 'typebox';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { FeedsService } from './feeds-service.js';

const Feed = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  last_used_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  revoked_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

/** Admins create, list and revoke the API keys with which feeds deliver strokes. */
export function feedRoutes(app: App, feeds: FeedsService): void {
  app.post(
    '/api/feeds/',
    {
      schema: {
        tags: ['feeds'],
        body: Type.Object(
          {
            name: Type.String({
              pattern: '^[a-z0-9][a-z0-9._-]{1,39}$',
              description: "becomes the strokes' source",
            }),
          },
          { additionalProperties: false },
        ),
        response: {
          201: Type.Intersect([Feed, Type.Object({ key: Type.String() })]),
          ...errors(400, 401, 403, 409),
        },
      },
    },
    async (req, reply) => reply.status(201).send(await feeds.create(callerOf(req), req.body.name)),
  );

  app.get(
    '/api/feeds/',
    {
      schema: {
        tags: ['feeds'],
        response: { 200: Type.Object({ items: Type.Array(Feed) }), ...errors(401, 403) },
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
