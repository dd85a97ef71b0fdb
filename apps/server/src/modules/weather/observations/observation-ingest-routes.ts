import { errors } from '@thunderwatch/shared/schemas/kit';
import { IngestHeaders } from '@thunderwatch/shared/schemas/lightning';
import { WeatherIngestResult } from '@thunderwatch/shared/schemas/weather';
import type { FastifyInstance } from 'fastify';
import {
  acceptTextBodies,
  feedOf,
  INGEST_BODY_LIMIT,
  jsonOrText,
  requireFeedKey,
} from '../../lightning/feeds/feed-requests.js';
import type { FeedsService } from '../../lightning/feeds/feeds-service.js';
import type { ObservationsService } from './observations-service.js';

/** POST /api/ingest/observations: stations' readings, JSON or CSV, authenticated by a feed key. */
export async function observationIngestRoutes(
  app: FastifyInstance,
  d: { feeds: FeedsService; observations: ObservationsService },
) {
  requireFeedKey(app, d.feeds);
  acceptTextBodies(app);
  app.post(
    '/api/ingest/observations',
    {
      bodyLimit: INGEST_BODY_LIMIT,
      // The parsers refuse a NUL in a row's text on its own (column-ranges `textProblem`, the station id pattern).
      config: { bodyTextCheckedPerRow: true },
      schema: {
        tags: ['ingest'],
        description:
          'Station readings as a JSON array of `{station, time, temperature, humidity, pressure, wind_speed, wind_dir, wind_gust, precipitation, visibility, name?, lat?, lon?, elevation?}` or CSV (`text/csv`) with a header naming those columns. A station not yet known needs `lat` and `lon`. Row by row: the valid rows are stored and each bad row named in `rejected` (row, field, message; the first 100, `rejected_total` counts them all); a batch with no valid row, or a body that is no batch (not an array, a bad CSV header), answers 400 naming each problem and stores nothing.',
        headers: IngestHeaders,
        response: { 200: WeatherIngestResult, ...errors(400, 401, 413, 415) },
      },
    },
    (req) => d.observations.ingest(feedOf(req).name, jsonOrText(req.body)),
  );
}
