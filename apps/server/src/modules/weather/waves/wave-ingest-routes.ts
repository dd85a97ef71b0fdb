import { errors } from '@thunderwatch/shared/schemas/kit';
import { IngestHeaders } from '@thunderwatch/shared/schemas/lightning';
import { WaveIngestQuery, WeatherIngestResult } from '@thunderwatch/shared/schemas/weather';
import type { FastifyInstance } from 'fastify';
import {
  acceptTextBodies,
  feedOf,
  INGEST_BODY_LIMIT,
  jsonOrText,
  requireFeedKey,
} from '../../lightning/feeds/feed-requests.js';
import type { FeedsService } from '../../lightning/feeds/feeds-service.js';
import type { WavesService } from './waves-service.js';

/** POST /api/ingest/waves: sea-wave readings, NDBC text or JSON, authenticated by a feed key. */
export async function waveIngestRoutes(
  app: FastifyInstance,
  d: { feeds: FeedsService; waves: WavesService },
) {
  requireFeedKey(app, d.feeds);
  acceptTextBodies(app);
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
