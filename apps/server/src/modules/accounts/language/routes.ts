import { LanguageRequest, LanguageResponse } from '@thunderwatch/shared/schemas/accounts';
import { errors } from '@thunderwatch/shared/schemas/kit';
import type { App } from '../../../lib/fastify.js';
import type { UsersService } from '../users/users-service.js';

/**
 * POST /language/ with form field `lang` (urlencoded or multipart form data; JSON also accepted).
 * Open: anyone may ask, and a signed-in caller's choice is stored on their account.
 */
export function languageRoutes(app: App, users: UsersService): void {
  app.post(
    '/language/',
    {
      schema: {
        tags: ['open'],
        body: LanguageRequest,
        response: { 200: LanguageResponse, ...errors(400) },
      },
    },
    async (req) => {
      if (req.user) await users.setLanguage(req.user, req.body.lang);
      return { status: 'ok' as const, lang: req.body.lang };
    },
  );
}
