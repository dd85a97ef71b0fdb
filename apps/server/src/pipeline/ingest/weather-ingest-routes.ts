import { errors } from '@thunderwatch/shared/schemas/kit';
import { IngestHeaders } from '@thunderwatch/shared/schemas/lightning';
import { WaveIngestQuery, WeatherIngestResult } from '@thunderwatch/shared/schemas/weather';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { FeedsService } from '../../modules/lightning/feeds/feeds-service.js';
import type { ObservationsService } from '../../modules/weather/observations/observations-service.js';
import type { WavesService } from '../../modules/weather/waves/waves-service.js';
import { feedOf, INGEST_BODY_LIMIT, requireFeedKey } from './ingest-routes.js';

/** JSON arrives parsed; CSV and other text as a string. */
export function jsonOrText(body: unknown): unknown {
  if (Buffer.isBuffer(body)) return body.toString('utf8');
  if (body === undefined || body === null)
    throw new AppError(
      'request.unsupported_media_type',
      415,
      'Send the rows as application/json or text/csv',
    );
  return body;
}

/** POST /api/ingest/observations and /api/ingest/waves: stations' readings, authenticated by a feed key. */
export async function weatherIngestRoutes(
  app: FastifyInstance,
  d: { feeds: FeedsService; observations: ObservationsService; waves: WavesService },
) {
  requireFeedKey(app, d.feeds);
  app.addContentTypeParser(
    ['text/plain', 'text/csv'],
    { parseAs: 'buffer', bodyLimit: INGEST_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );
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
  app.post(
    '/api/ingest/waves',
    {
      bodyLimit: INGEST_BODY_LIMIT,
      // The parsers refuse a NUL in a row's text on its own (column-ranges `textProblem`, the station id pattern).
      config: { bodyTextCheckedPerRow: true },
      schema: {
        tags: ['ingest'],
        description:
          'Sea-wave readings: NDBC realtime2 text (`text/plain`; the station in the query, with `lat`, `lon` and `name` when new; `MM` for missing) ' +
          'or a JSON array of `{station, time, wave_height, dominant_period, average_period, mean_direction, wind_dir, wind_speed, wind_gust, pressure, air_temp, water_temp, name?, lat?, lon?}`. ' +
          'Row by row, as observations; NDBC lines without any value are skipped.',
        headers: IngestHeaders,
        querystring: WaveIngestQuery,
        response: { 200: WeatherIngestResult, ...errors(400, 401, 413, 415) },
      },
    },
    (req) => d.waves.ingest(feedOf(req).name, jsonOrText(req.body), req.query as WaveIngestQuery),
  );
}
