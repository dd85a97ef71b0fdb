import {
  ChangePasswordRequest,
  LoginRequest,
  LogoutRequest,
  RefreshRequest,
} from '@thunderwatch/shared/schemas/accounts';
import { errors, LoginResponse, StatusOk, TokenPair } from '@thunderwatch/shared/schemas/kit';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { AuthService } from './auth-service.js';

export function authRoutes(app: App, auth: AuthService): void {
  app.post(
    '/api/login',
    {
      schema: {
        tags: ['auth'],
        body: LoginRequest,
        response: { 200: LoginResponse, ...errors(400, 401, 403, 429) },
      },
    },
    (req) =>
      auth.login(req.body.username, req.body.password, {
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? '',
      }),
  );

  app.post(
    '/auth/token/refresh',
    {
      schema: {
        tags: ['auth'],
        body: RefreshRequest,
        response: { 200: TokenPair, ...errors(400, 401) },
      },
    },
    (req) => auth.refresh(req.body.refresh),
  );

  app.post(
    '/api/logout',
    {
      schema: {
        tags: ['auth'],
        body: LogoutRequest,
        response: { 200: StatusOk, ...errors(401) },
      },
    },
    async (req) => {
      await auth.logout(callerOf(req));
      return { status: 'ok' as const };
    },
  );

  app.post(
    '/api/change_password',
    {
      schema: {
        tags: ['auth'],
        body: ChangePasswordRequest,
        response: { 200: StatusOk, ...errors(400, 401) },
      },
    },
    async (req) => {
      await auth.changePassword(callerOf(req), req.body.old_password, req.body.new_password);
      return { status: 'ok' as const };
    },
  );
}
