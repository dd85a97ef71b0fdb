import type { FastifyRequest } from 'fastify';
import type { AuthUser } from './access.js';
import { AppError } from './app-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook for every request with a valid access token of a live session. */
    user: AuthUser | null;
  }
}

/** The authenticated caller; only for routes behind the auth hook. */
export function callerOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('auth.missing_token', 401, 'Not signed in');
  return request.user;
}
