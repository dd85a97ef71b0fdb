import type { App } from '../../lib/fastify.js';
import { accessLogRoutes } from './access-log/routes.js';
import type { adminServices } from './admin-services.js';
import { adminDbRoutes } from './db/routes.js';

/** The admin area's API: the access log and the database view. */
export function adminAreaRoutes(app: App, a: ReturnType<typeof adminServices>): void {
  accessLogRoutes(app, a.accessLog);
  adminDbRoutes(app, a.adminDb);
}
