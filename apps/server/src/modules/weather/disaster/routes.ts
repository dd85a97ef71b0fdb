import { DisasterWarningList, DisasterWarningQuery } from '@thunderwatch/shared/schemas/disaster';
import { errors } from '@thunderwatch/shared/schemas/kit';
import type { App } from '../../../lib/fastify.js';
import type { DisasterService } from './disaster-service.js';

export function disasterRoutes(app: App, disaster: DisasterService): void {
  app.get(
    '/api/disaster_warning/',
    {
      schema: {
        tags: ['weather'],
        description:
          'Lightning disaster warnings per prefecture-level city, highest level first: level 1 (blue) to 4 ' +
          '(red) from the last hours’ CG flash density, peak currents and the storm cells’ nowcasts, with the ' +
          'factors of the last evaluation (every DISASTER_EVAL_MS). `active=1` (default) open ones, `active=0` ' +
          'cleared ones; `level` at least this; `province` (44 or 440000); `geometry=1` adds the city’s ' +
          'simplified boundary.',
        querystring: DisasterWarningQuery,
        response: { 200: DisasterWarningList, ...errors(400, 401) },
      },
    },
    (req) => disaster.list(req.query),
  );
}
