import type { Config } from '../../config.js';
import type { App } from '../../lib/fastify.js';
import type { accountServices } from './account-services.js';
import { authRoutes } from './auth/routes.js';
import { companyRoutes } from './company/routes.js';
import { groupRoutes } from './groups/routes.js';
import { languageRoutes } from './language/routes.js';
import { userRoutes } from './users/routes.js';
import { verifyCodeRoutes } from './verify-codes/routes.js';

/** The accounts area's API: sign-in, codes, users, groups, the language and the company shown at sign-in. */
export function accountAreaRoutes(
  app: App,
  a: ReturnType<typeof accountServices>,
  config: Pick<Config, 'companies' | 'defaultCompany'>,
): void {
  authRoutes(app, a.auth);
  verifyCodeRoutes(app, a.verifyCodes);
  userRoutes(app, a.users);
  groupRoutes(app, a.groups);
  languageRoutes(app, a.users);
  companyRoutes(app, config.companies, config.defaultCompany);
}
