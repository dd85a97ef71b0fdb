import { CoverageSummarySchema, LocationCoverageSchema } from '@thunderwatch/shared/schemas/distribution';
import { errors, Id } from '@thunderwatch/shared/schemas/kit';
import { GroupQuery } from '@thunderwatch/shared/schemas/warnings';
import { Type } from 'typebox';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { CoverageService } from './coverage-service.js';

/** Who a site's alarms would reach, per level; and the sites whose alarms would reach nobody. */
export function coverageRoutes(app: App, coverage: CoverageService): void {
  app.get(
    '/api/locations/coverage',
    {
      schema: {
        tags: ['locations'],
        summary: 'The enabled sites at whose levels nobody would be told',
        querystring: GroupQuery,
        response: { 200: CoverageSummarySchema, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => coverage.summary(callerOf(req), req.query.group_id),
  );
  app.get(
    '/api/locations/:id/coverage',
    {
      schema: {
        tags: ['locations'],
        summary: "Who would be told of the site's alarms at each level its rings raise, and by which channel",
        params: Type.Object({ id: Id }),
        response: { 200: LocationCoverageSchema, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => coverage.of(callerOf(req), req.params.id),
  );
}
