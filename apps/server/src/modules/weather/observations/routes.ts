import { errors } from '@thunderwatch/shared/schemas/kit';
import {
  MetEleGrid,
  MetEleGridQuery,
  MetEleQuery,
  MetEleSeries,
  WeatherNow,
  WeatherNowQuery,
} from '@thunderwatch/shared/schemas/weather';
import type { App } from '../../../lib/fastify.js';
import type { ObservationsService } from './observations-service.js';

export function observationRoutes(app: App, observations: ObservationsService): void {
  app.get(
    '/api/weather_now',
    {
      schema: {
        tags: ['weather'],
        description:
          'The latest reading of the stations nearest `lat, lon` (within `radius_km`, read in the last `max_age_min`), nearest first, with distance and age.',
        querystring: WeatherNowQuery,
        response: { 200: WeatherNow, ...errors(400, 401) },
      },
    },
    (req) => observations.now(req.query),
  );
  app.get(
    '/api/weather/met_ele',
    {
      schema: {
        tags: ['weather'],
        description: `One element's series at one station or the stations in \`bbox\` (at most 50), over \`from\`…\`to\` (default the last 24 h, at most 31 days), as min/max/mean per \`interval\` minutes. Wind direction is averaged as vectors.`,
        querystring: MetEleQuery,
        response: { 200: MetEleSeries, ...errors(400, 401, 404) },
      },
    },
    (req) => observations.series(req.query),
  );
  app.get(
    '/api/weather/met_ele/grid',
    {
      schema: {
        tags: ['weather'],
        description:
          'An element interpolated by inverse distance (power 2) from each station’s latest reading in the `max_age_min` before `time`, on a grid over `bbox` (default: the stations’ extent) `cols` wide.',
        querystring: MetEleGridQuery,
        response: { 200: MetEleGrid, ...errors(400, 401) },
      },
    },
    (req) => observations.grid(req.query),
  );
}
