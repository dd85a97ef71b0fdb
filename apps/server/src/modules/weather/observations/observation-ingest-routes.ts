import type { FastifyInstance } from 'fastify';
import type { FeedsService } from '../../lightning/feeds/feeds-service.js';
import { stationIngestRoute } from '../stations/station-ingest-routes.js';
import type { ObservationsService } from './observations-service.js';

/** POST /api/ingest/observations: stations' readings, JSON or CSV, authenticated by a feed key. */
export async function observationIngestRoutes(
  app: FastifyInstance,
  d: { feeds: FeedsService; observations: ObservationsService },
) {
  stationIngestRoute(app, {
    feeds: d.feeds,
    path: '/api/ingest/observations',
    description:
      'Station readings as a JSON array of `{station, time, temperature, humidity, pressure, wind_speed, wind_dir, wind_gust, precipitation, visibility, name?, lat?, lon?, elevation?}` or CSV (`text/csv`) with a header naming those columns. A station not yet known needs `lat` and `lon`. Row by row: the valid rows are stored and each bad row named in `rejected` (row, field, message; the first 100, `rejected_total` counts them all); a batch with no valid row, or a body that is no batch (not an array, a bad CSV header), answers 400 naming each problem and stores nothing.',
    ingest: (feed, body) => d.observations.ingest(feed, body),
  });
}
