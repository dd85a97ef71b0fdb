import {
  DistributionDeleteSchema,
  DistributionGroupQuerySchema,
  DistributionInputSchema,
  DistributionListSchema,
  DistributionListsSchema,
  DistributionUpdateSchema,
} from '@thunderwatch/shared/schemas/distribution';
import { errors, StatusOk } from '@thunderwatch/shared/schemas/kit';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { DistributionService } from './distribution-service.js';

/** A group's distribution lists at verb-named paths: distribute_get, _add, _update and _delete. */
export function distributionRoutes(app: App, lists: DistributionService): void {
  app.get(
    '/api/distribute_get',
    {
      schema: {
        tags: ['distribution'],
        querystring: DistributionGroupQuerySchema,
        response: { 200: DistributionListsSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => lists.list(callerOf(req), req.query.group_id),
  );
  app.post(
    '/api/distribute_add',
    {
      schema: {
        tags: ['distribution'],
        querystring: DistributionGroupQuerySchema,
        body: DistributionInputSchema,
        response: { 201: DistributionListSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await lists.add(callerOf(req), req.body, req.query.group_id)),
  );
  app.post(
    '/api/distribute_update',
    {
      schema: {
        tags: ['distribution'],
        body: DistributionUpdateSchema,
        response: { 200: DistributionListSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const { id, ...input } = req.body;
      return lists.update(callerOf(req), id, input);
    },
  );
  app.post(
    '/api/distribute_delete',
    {
      schema: {
        tags: ['distribution'],
        body: DistributionDeleteSchema,
        response: { 200: StatusOk, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await lists.remove(callerOf(req), req.body.id);
      return { status: 'ok' as const };
    },
  );
}
