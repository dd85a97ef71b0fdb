import { StationWindQuery, StationWinds } from '@thunderwatch/shared/schemas/decision';
import { errors } from '@thunderwatch/shared/schemas/kit';
import type { App } from '../../../lib/fastify.js';
import type { WindService } from './wind-service.js';

export function windRoutes(app: App, wind: WindService): void {
  app.get(
    '/api/weather/met_ele/wind',
    {
      schema: {
        tags: ['weather'],
        description:
          'Each station’s latest wind in `bbox` (default: everywhere, at most 5,000 stations) read in the `max_age_min` before `time`, ' +
          'with its Beaufort force (WMO table; 13–17 by GB/T 28591) and its gust’s, the 1-h trend (least-squares change of the speed over ' +
          'the hour to that reading: rising/falling beyond ±1.5 m/s), and the CMA gale level the strongest station reaches. ' +
          'Strongest first; `min_force` keeps the stations whose wind or gust reaches it.',
        querystring: StationWindQuery,
        response: { 200: StationWinds, ...errors(400, 401) },
      },
    },
    (req) => wind.latest(req.query),
  );
}
