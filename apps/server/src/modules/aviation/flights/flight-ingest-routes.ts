import { FlightIngestResult } from '@thunderwatch/shared/schemas/flights';
import { errors } from '@thunderwatch/shared/schemas/kit';
import { IngestHeaders } from '@thunderwatch/shared/schemas/lightning';
import type { FastifyInstance } from 'fastify';
import { feedOf, INGEST_BODY_LIMIT, requireFeedKey } from '../../lightning/feeds/feed-requests.js';
import type { FeedsService } from '../../lightning/feeds/feeds-service.js';
import type { FlightsService } from './flights-service.js';

/** POST /api/ingest/flights: aircraft positions as OpenSky's `/api/states/all` answer, by a feed key. */
export async function flightIngestRoutes(
  app: FastifyInstance,
  d: { feeds: FeedsService; flights: FlightsService },
) {
  requireFeedKey(app, d.feeds);
  app.post(
    '/api/ingest/flights',
    {
      bodyLimit: INGEST_BODY_LIMIT,
      schema: {
        tags: ['ingest'],
        description:
          'Aircraft positions as OpenSky `/api/states/all` JSON: `{time, states: [[icao24, callsign, origin_country, ' +
          'time_position, last_contact, longitude, latitude, baro_altitude, on_ground, velocity, true_track, ' +
          'vertical_rate, sensors, geo_altitude, squawk, spi, position_source, category?], …]}` (17 or 18 elements). ' +
          'Vectors without latitude/longitude are counted, not stored; a bad vector is named in `rejected` and the ' +
          'others are stored; a body that is not such an object answers 400.',
        headers: IngestHeaders,
        response: { 200: FlightIngestResult, ...errors(400, 401, 413, 415) },
      },
    },
    (req) => d.flights.ingest(feedOf(req).name, req.body),
  );
}
