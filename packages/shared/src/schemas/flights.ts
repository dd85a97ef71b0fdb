import { type Static, Type } from 'typebox';
import { MAX_ID, Nullable } from './kit.js';

/** Aircraft positions and their nearness to lightning: `/api/flight/*` and `POST /api/ingest/flights`. */
export const HAZARDS = ['none', 'near', 'inside'] as const;
export const Hazard = Type.Enum(HAZARDS, {
  description:
    'inside a storm cell; near (a stroke within 10 km in the last 5 min, or within 10 km of a cell)',
});

export const Icao24 = Type.String({ pattern: '^[0-9a-fA-F]{6}$', description: 'ICAO 24-bit address, hex' });

export const FlightsQuery = Type.Object(
  {
    bbox: Type.Optional(Type.String({ description: 'west,south,east,north in degrees' })),
    time: Type.Optional(Type.String({ format: 'date-time', description: 'default: now' })),
  },
  { additionalProperties: false },
);
export type FlightsQuery = Static<typeof FlightsQuery>;

export const Aircraft = Type.Object({
  icao24: Type.String(),
  callsign: Nullable(Type.String()),
  time: Type.String({ format: 'date-time', description: 'Of its latest position' }),
  lat: Type.Number(),
  lon: Type.Number(),
  altitude_m: Nullable(Type.Number()),
  on_ground: Type.Boolean(),
  speed_ms: Nullable(Type.Number()),
  track_deg: Nullable(Type.Number({ description: 'Clockwise from north' })),
  vertical_rate_ms: Nullable(Type.Number()),
  squawk: Nullable(Type.String()),
  hazard: Hazard,
  hazard_km: Nullable(
    Type.Number({ description: 'To the nearest stroke or cell edge; 0 inside; null for none' }),
  ),
  cell_id: Nullable(Type.String({ description: 'The cell it is inside or near, when a cell decided' })),
});
export type Aircraft = Static<typeof Aircraft>;

export const FlightsAnswer = Type.Object({
  time: Type.String({ format: 'date-time' }),
  items: Type.Array(Aircraft),
});
export type FlightsAnswer = Static<typeof FlightsAnswer>;

export const FlightTrackQuery = Type.Object(
  {
    icao24: Icao24,
    from: Type.Optional(Type.String({ format: 'date-time', description: 'default: `to` minus 6 h' })),
    to: Type.Optional(Type.String({ format: 'date-time', description: 'default: now' })),
  },
  { additionalProperties: false },
);
export type FlightTrackQuery = Static<typeof FlightTrackQuery>;

const Position = Type.Tuple([Type.Number(), Type.Number()], { description: '[lon, lat], degrees' });

export const TrackPoint = Type.Object({
  type: Type.Literal('Feature'),
  geometry: Type.Object({ type: Type.Literal('Point'), coordinates: Position }),
  properties: Type.Object({
    time: Type.String({ format: 'date-time' }),
    flight: Type.Integer({
      description: 'Flights of the range from 0; a new one after 30 min without contact',
    }),
    callsign: Nullable(Type.String()),
    altitude_m: Nullable(Type.Number()),
    speed_ms: Nullable(Type.Number()),
    track_deg: Nullable(Type.Number()),
    vertical_rate_ms: Nullable(Type.Number()),
    hazard: Hazard,
    hazard_km: Nullable(Type.Number()),
  }),
});

export const TrackLine = Type.Object({
  type: Type.Literal('Feature'),
  geometry: Type.Object({ type: Type.Literal('LineString'), coordinates: Type.Array(Position) }),
  properties: Type.Object({ flight: Type.Integer(), from: Type.String(), to: Type.String() }),
});

export const FlightTrack = Type.Object({
  type: Type.Literal('FeatureCollection'),
  icao24: Type.String(),
  features: Type.Array(Type.Union([TrackLine, TrackPoint]), {
    description: 'One LineString per flight, then every position as a Point with its hazard, oldest first',
  }),
});
export type FlightTrack = Static<typeof FlightTrack>;

export const FeedProblem = Type.Object({
  item: Type.Integer({ description: '1-based index of the state vector; 0 for the whole body' }),
  icao24: Type.Optional(Type.String()),
  field: Type.String(),
  message: Type.String(),
});

export const FlightIngestResult = Type.Object({
  stored: Type.Integer({
    description: 'Positions stored (one already held for the aircraft and time is replaced)',
  }),
  without_position: Type.Integer({ description: 'Vectors without latitude/longitude (often on ground)' }),
  rejected: Type.Array(FeedProblem, { description: 'Vectors refused, each named; the others are stored' }),
});
export type FlightIngestResult = Static<typeof FlightIngestResult>;

export const FlightNearQuery = Type.Object(
  { location: Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'location id' }) },
  { additionalProperties: false },
);
export type FlightNearQuery = Static<typeof FlightNearQuery>;

export const NearAircraft = Type.Intersect([
  Aircraft,
  Type.Object({ distance_km: Type.Number({ description: 'From the location, km' }) }),
]);
export type NearAircraft = Static<typeof NearAircraft>;

/** `/api/flight/near`: an airport's aviation view. */
export const FlightNearAnswer = Type.Object({
  location_id: Type.Integer(),
  name: Type.String(),
  name_en: Nullable(Type.String()),
  is_airport: Type.Boolean(),
  airport_icao: Nullable(Type.String()),
  radius_km: Type.Number(),
  time: Type.String({ format: 'date-time' }),
  items: Type.Array(NearAircraft, { description: 'Nearest first' }),
});
export type FlightNearAnswer = Static<typeof FlightNearAnswer>;

/** Most hours `/api/flight/alarms` looks back. */
export const FLIGHT_ALARM_MAX_HOURS = 168;

export const FlightAlarmsQuery = Type.Object(
  {
    location: Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'location id (an airport)' }),
    hours: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: FLIGHT_ALARM_MAX_HOURS,
        default: 24,
        description: 'How far back alarms raised are listed (open ones always are)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type FlightAlarmsQuery = Static<typeof FlightAlarmsQuery>;

export const FlightAlarmDto = Type.Object({
  id: Type.Integer(),
  icao24: Type.String(),
  callsign: Nullable(Type.String()),
  level: Type.Integer({ description: 'The airport’s warning level when raised (2 orange, 3 red)' }),
  distance_km: Type.Number({ description: 'From the airport, at the latest evaluation' }),
  altitude_m: Nullable(Type.Number()),
  cell_id: Nullable(Type.String()),
  raised_at: Type.String({ format: 'date-time' }),
  cleared_at: Nullable(Type.String({ format: 'date-time' })),
});
export type FlightAlarmDto = Static<typeof FlightAlarmDto>;

/** `/api/flight/alarms`: an airport's flight alarms, open ones first, then newest first. */
export const FlightAlarmsAnswer = Type.Object({
  location_id: Type.Integer(),
  since: Type.String({ format: 'date-time' }),
  items: Type.Array(FlightAlarmDto, { maxItems: 200 }),
});
export type FlightAlarmsAnswer = Static<typeof FlightAlarmsAnswer>;
