import type { App } from '../../lib/fastify.js';
import type { analyticsServices } from './analytics-services.js';
import { insightRoutes } from './insight/routes.js';
import { overviewRoutes } from './overview/routes.js';
import { sheetRoutes } from './sheets/routes.js';
import { statisticsRoutes } from './statistics/routes.js';
import { strokeQueryRoutes } from './stroke-query/routes.js';

/** The analytics area's API: the overview, statistics and their query builder, data sheets and reports. */
export function analyticsAreaRoutes(app: App, a: ReturnType<typeof analyticsServices>): void {
  overviewRoutes(app, a.overview);
  statisticsRoutes(app, a.statistics);
  sheetRoutes(app, a.sheets);
  strokeQueryRoutes(app, a.strokeQueries);
  insightRoutes(app, a.insight);
}
