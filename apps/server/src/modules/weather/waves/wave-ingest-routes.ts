import { WaveIngestQuery } from '@thunderwatch/shared/schemas/weather';
import type { FastifyInstance } from 'fastify';
import type { FeedsService } from '../../lightning/feeds/feeds-service.js';
import { stationIngestRoute } from '../stations/station-ingest-routes.js';
import type { WavesService } from './waves-service.js';

/** POST /api/ingest/waves: sea-wave readings, NDBC text or JSON, authenticated by a feed key. */
export async function waveIngestRoutes(
  app: FastifyInstance,
  d: { feeds: FeedsService; waves: WavesService },
) {
  stationIngestRoute<WaveIngestQuery>(app, {
    feeds: d.feeds,
    path: '/api/ingest/waves',
    description:
      'Sea-wave readings: NDBC realtime2 text (`text/plain`; the station in the query, with `lat`, `lon` and `name` when new; `MM` for missing) ' +
      'or a JSON array of `{station, time, wave_height, dominant_period, average_period, mean_direction, wind_dir, wind_speed, wind_gust, pressure, air_temp, water_temp, name?, lat?, lon?}`. ' +
      'Row by row, as observations; NDBC lines without any value are skipped.',
    querystring: WaveIngestQuery,
    ingest: (feed, body, query) => d.waves.ingest(feed, body, query),
  });
}
