import { errors } from '@thunderwatch/shared/schemas/kit';
import {
  IndicatorList,
  IndicatorQuery,
  Overview,
  OverviewQuery,
} from '@thunderwatch/shared/schemas/overview';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { OverviewService } from './overview-service.js';

/** The overview dashboard's data and the key indicators. */
export function overviewRoutes(app: App, overview: OverviewService): void {
  app.get(
    '/api/overview',
    {
      schema: {
        tags: ['analytics'],
        description:
          'The overview dashboard: every key indicator (as `/api/indicator`), locations per warning level, ' +
          'devices per status, deliveries in the last 24 h, and strokes per local day over the last seven days ' +
          '(today so far last). Strokes are everything the network located; the rest is the caller’s group ' +
          '(administrators: every group, or `group_id`). Computed at most every 10 s per group and time zone.',
        querystring: OverviewQuery,
        response: { 200: Overview, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => overview.overview(callerOf(req), req.query),
  );

  app.get(
    '/api/indicator',
    {
      schema: {
        tags: ['analytics'],
        description:
          'Key indicators, each with its value, unit, the value it is compared with, the trend (up/down/flat ' +
          'beyond 5 %, and for stroke counts beyond 10 strokes), whether higher is better, and its definition ' +
          'in both languages. For the dashboard and for external monitoring; `ids` picks some.',
        querystring: IndicatorQuery,
        response: { 200: IndicatorList, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => overview.indicators(callerOf(req), req.query),
  );
}
