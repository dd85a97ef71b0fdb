import {
  FlightsAnswer,
  FlightsQuery,
  FlightTrack,
  FlightTrackQuery,
} from '@thunderwatch/shared/schemas/flights';
import { errors } from '@thunderwatch/shared/schemas/kit';
import type { App } from '../../../lib/fastify.js';
import type { FlightsService } from './flights-service.js';

export function flightRoutes(app: App, flights: FlightsService): void {
  app.get(
    '/api/flight/flights',
    {
      schema: {
        tags: ['flights'],
        description:
          'Aircraft at `time` (default now): each one whose latest position within the 2 min before lies in ' +
          '`bbox`, with its hazard: `inside` a storm cell, `near` (a stroke within 10 km in the last 5 min, ' +
          'or within 10 km of a cell) or `none`, and the distance.',
        querystring: FlightsQuery,
        response: { 200: FlightsAnswer, ...errors(400, 401) },
      },
    },
    (req) => flights.aircraftAt(req.query),
  );
  app.get(
    '/api/flight/flight_track',
    {
      config: { heavyRead: true },
      schema: {
        tags: ['flights'],
        description:
          'One aircraft over `from`…`to` (default the last 6 h, at most 24 h) as GeoJSON: a LineString per ' +
          'flight (a new one after 30 min without contact), then each position as a Point with its hazard.',
        querystring: FlightTrackQuery,
        response: { 200: FlightTrack, ...errors(400, 401) },
      },
    },
    (req) => flights.track(req.query),
  );
}
