import { Email, errors, Id, Nullable, Paging, Phone, pageOf } from '@thunderwatch/shared/schemas/kit';
import { Type } from 'typebox';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { GroupsService } from './groups-service.js';

export const Group = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  name_en: Nullable(Type.String()),
  contact_name: Nullable(Type.String()),
  contact_phone: Nullable(Type.String()),
  contact_email: Nullable(Type.String()),
  address: Nullable(Type.String()),
  user_count: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
});

const Name = Type.String({ minLength: 1, maxLength: 100 });

export function groupRoutes(app: App, groups: GroupsService): void {
  app.get(
    '/api/group_list/',
    {
      schema: {
        tags: ['groups'],
        querystring: Type.Object(Paging, { additionalProperties: false }),
        response: { 200: pageOf(Group), ...errors(401, 403) },
      },
    },
    (req) => groups.list(callerOf(req), req.query.limit, req.query.offset),
  );

  app.post(
    '/api/group_list/',
    {
      schema: {
        tags: ['groups'],
        body: Type.Object(
          {
            slug: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,39}$' }),
            name: Name,
            name_en: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
          },
          { additionalProperties: false },
        ),
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
        body: Type.Object(
          {
            group_id: Type.Optional(Id),
            name: Type.Optional(Name),
            name_en: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
            contact_name: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
            contact_phone: Type.Optional(Type.Union([Phone, Type.Null()])),
            contact_email: Type.Optional(Type.Union([Email, Type.Null()])),
            address: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
          },
          { additionalProperties: false },
        ),
        response: { 200: Group, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => {
      const { group_id, ...changes } = req.body;
      return groups.updateProfile(callerOf(req), group_id, changes);
    },
  );
}
