import {
  FlightAlarmsAnswer,
  FlightAlarmsQuery,
  FlightNearAnswer,
  FlightNearQuery,
  FlightsAnswer,
  FlightsQuery,
  FlightTrack,
  FlightTrackQuery,
} from '@thunderwatch/shared/schemas/flights';
import { errors } from '@thunderwatch/shared/schemas/kit';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { AirportView } from './airport-view.js';
import type { FlightsService } from './flights-service.js';

export function flightRoutes(app: App, flights: FlightsService, airports: AirportView): void {
  app.get(
    '/api/flight/near',
    {
      schema: {
        tags: ['flights'],
        description:
          'The aviation view of one of the caller’s locations (an airport): the aircraft whose latest ' +
          'position within the last 2 min lies within 50 km of it, nearest first, with their distance and ' +
          'hazard (`inside` a storm cell, `near`, `none`).',
        querystring: FlightNearQuery,
        response: { 200: FlightNearAnswer, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => airports.near(callerOf(req), req.query),
  );
  app.get(
    '/api/flight/alarms',
    {
      schema: {
        tags: ['flights'],
        description:
          'The flight alarms of one of the caller’s locations (an airport): those still open, then those raised ' +
          'within the last `hours` (default 24, at most 168), newest first, at most 200.',
        querystring: FlightAlarmsQuery,
        response: { 200: FlightAlarmsAnswer, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => airports.alarms(callerOf(req), req.query),
  );
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
