import { OPEN_API_ROUTES } from '@thunderwatch/shared/open-paths';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import '../lib/caller.js';
import { AppError } from '../lib/app-error.js';
import type { AuthService } from '../modules/accounts/auth/auth-service.js';

const OPEN = new Set<string>(OPEN_API_ROUTES);

export function isOpenRoute(url: string | undefined): boolean {
  if (!url) return false;
  return OPEN.has(url) || OPEN.has(url.endsWith('/') ? url.slice(0, -1) : `${url}/`);
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * Authenticates a whole route tree once: every route registered inside `app` needs a valid access token
 * of a live session, except the open routes (`OPEN_API_ROUTES`), which still learn who the caller is if a
 * valid token is sent (language choice).
 */
export function registerAuth(app: FastifyInstance, auth: Pick<AuthService, 'callerOf'>): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const open = isOpenRoute(request.routeOptions.url);
    const token = bearer(request);
    if (!token) {
      if (open) return;
      throw new AppError('auth.missing_token', 401, 'Authorization: Bearer <access token> required');
    }
    const user = await auth.callerOf(token);
    if (typeof user === 'string') {
      if (open) return;
      throw user === 'invalid_token'
        ? new AppError('auth.invalid_token', 401, 'Access token is invalid or expired')
        : new AppError('auth.session_revoked', 401, 'Session has ended');
    }
    request.user = user;
  });
}
