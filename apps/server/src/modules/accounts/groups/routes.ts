import {
  Group,
  GroupListQuery,
  GroupPage,
  GroupProfileChanges,
  NewGroup,
} from '@thunderwatch/shared/schemas/accounts';
import { errors } from '@thunderwatch/shared/schemas/kit';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { GroupsService } from './groups-service.js';

export function groupRoutes(app: App, groups: GroupsService): void {
  app.get(
    '/api/group_list/',
    {
      schema: {
        tags: ['groups'],
        querystring: GroupListQuery,
        response: { 200: GroupPage, ...errors(401, 403) },
      },
    },
    (req) => groups.list(callerOf(req), req.query.limit, req.query.offset),
  );

  app.post(
    '/api/group_list/',
    {
      schema: {
        tags: ['groups'],
        body: NewGroup,
        response: { 201: Group, ...errors(400, 401, 403, 409) },
      },
    },
    async (req, reply) => reply.status(201).send(await groups.create(callerOf(req), req.body)),
  );

  app.post(
    '/api/change_profile_by_group',
    {
      schema: {
        tags: ['groups'],
        body: GroupProfileChanges,
        response: { 200: Group, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => {
      const { group_id, ...changes } = req.body;
      return groups.updateProfile(callerOf(req), group_id, changes);
    },
  );
}
