import {
  AdminResetPasswordRequest,
  AdminResetPasswordResponse,
  ChangeRoleRequest,
  NewUser,
  OwnProfileChanges,
  RoleList,
  UserChanges,
  UserListQuery,
  UserPage,
} from '@thunderwatch/shared/schemas/accounts';
import { CurrentUser, errors, Id, User } from '@thunderwatch/shared/schemas/kit';
import { Type } from 'typebox';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { UsersService } from './users-service.js';

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
        body: OwnProfileChanges,
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
        querystring: UserListQuery,
        response: { 200: UserPage, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => users.list(callerOf(req), req.query),
  );

  app.post(
    '/api/group_user_list/',
    {
      schema: {
        tags: ['users'],
        body: NewUser,
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
        body: UserChanges,
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
        response: { 200: RoleList, ...errors(401) },
      },
    },
    (req) => users.roles(callerOf(req)),
  );

  app.post(
    '/api/change_role',
    {
      schema: {
        tags: ['users'],
        body: ChangeRoleRequest,
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
        body: AdminResetPasswordRequest,
        response: { 200: AdminResetPasswordResponse, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => users.resetPassword(callerOf(req), req.body.user_id, req.body.password),
  );
}
