import {
  CurrentUser,
  Email,
  errors,
  Id,
  Language,
  NotificationPrefs,
  Paging,
  Password,
  Phone,
  pageOf,
  RoleName,
  User,
} from '@thunderwatch/shared/schemas/kit';
import { Type } from 'typebox';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { UsersService } from './users-service.js';

const Name = Type.String({ maxLength: 100 });
const OptPhone = Type.Optional(Type.Union([Phone, Type.Null()]));
const OptEmail = Type.Optional(Type.Union([Email, Type.Null()]));
const Role = Type.Object({
  name: RoleName,
  permissions: Type.Array(Type.String()),
  assignable: Type.Boolean(),
});

export function userRoutes(app: App, users: UsersService): void {
  app.get(
    '/api/user_data',
    { schema: { tags: ['users'], response: { 200: CurrentUser, ...errors(401) } } },
    (req) => users.current(callerOf(req)),
  );

  app.post(
    '/api/change_profile_by_user',
    {
      schema: {
        tags: ['users'],
        body: Type.Object(
          {
            name: Type.Optional(Name),
            phone: OptPhone,
            email: OptEmail,
            language: Type.Optional(Language),
            time_zone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
            notification_prefs: Type.Optional(NotificationPrefs),
          },
          { additionalProperties: false },
        ),
        response: { 200: CurrentUser, ...errors(400, 401, 409) },
      },
    },
    (req) => users.updateOwnProfile(callerOf(req), req.body),
  );

  app.get(
    '/api/group_user_list/',
    {
      schema: {
        tags: ['users'],
        querystring: Type.Object(
          { group_id: Type.Optional(Id), q: Type.Optional(Type.String({ maxLength: 100 })), ...Paging },
          { additionalProperties: false },
        ),
        response: { 200: pageOf(User), ...errors(400, 401, 403, 404) },
      },
    },
    (req) => users.list(callerOf(req), req.query),
  );

  app.post(
    '/api/group_user_list/',
    {
      schema: {
        tags: ['users'],
        body: Type.Object(
          {
            username: Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{1,39}$' }),
            password: Password,
            role: RoleName,
            name: Type.Optional(Name),
            phone: OptPhone,
            email: OptEmail,
            group_id: Type.Optional(Id),
          },
          { additionalProperties: false },
        ),
        response: { 201: User, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => reply.status(201).send(await users.create(callerOf(req), req.body)),
  );

  app.patch(
    '/api/group_user_list/:id',
    {
      schema: {
        tags: ['users'],
        params: Type.Object({ id: Id }),
        body: Type.Object(
          {
            name: Type.Optional(Name),
            phone: OptPhone,
            email: OptEmail,
            disabled: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
        response: { 200: User, ...errors(400, 401, 403, 404, 409) },
      },
    },
    (req) => users.update(callerOf(req), req.params.id, req.body),
  );

  app.get(
    '/api/roles/',
    {
      schema: {
        tags: ['users'],
        response: { 200: Type.Object({ items: Type.Array(Role) }), ...errors(401) },
      },
    },
    (req) => users.roles(callerOf(req)),
  );

  app.post(
    '/api/change_role',
    {
      schema: {
        tags: ['users'],
        body: Type.Object({ user_id: Id, role: RoleName }, { additionalProperties: false }),
        response: { 200: User, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => users.changeRole(callerOf(req), req.body.user_id, req.body.role),
  );

  app.post(
    '/api/admin/reset_password',
    {
      schema: {
        tags: ['admin'],
        body: Type.Object(
          { user_id: Id, password: Type.Optional(Password) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ status: Type.Literal('ok'), password: Type.Optional(Type.String()) }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    (req) => users.resetPassword(callerOf(req), req.body.user_id, req.body.password),
  );
}
