import { type Static, Type } from 'typebox';
import { Nullable, rejectedRows } from './kit.js';

/**
 * Weather stations and their readings: observations (`/api/weather_now`, `/api/weather/met_ele`) and sea
 * waves at buoys and coastal stations (`/api/wave_data`). Units: °C, %, hPa, m/s, degrees (from, clockwise
 * from true north), mm, m; wave heights in m, periods in s.
 */
export const OBSERVATION_ELEMENTS = [
  'temperature',
  'humidity',
  'pressure',
  'wind_speed',
  'wind_dir',
  'wind_gust',
  'precipitation',
  'visibility',
] as const;
export type ObservationElementName = (typeof OBSERVATION_ELEMENTS)[number];

export const WAVE_ELEMENTS = [
  'wave_height',
  'dominant_period',
  'average_period',
  'mean_direction',
  'wind_dir',
  'wind_speed',
  'wind_gust',
  'pressure',
  'air_temp',
  'water_temp',
] as const;
export type WaveElementName = (typeof WAVE_ELEMENTS)[number];

/** The longest span a series query reads at once. */
export const SERIES_MAX_DAYS = 31;

const Time = Type.String({ format: 'date-time' });
const Bbox = Type.String({ maxLength: 200, description: 'west,south,east,north (degrees)' });
const StationId = Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$' });

export const Station = Type.Object({
  id: Type.String(),
  name: Type.String({ description: "The station's own name (the demo's in Chinese)" }),
  name_en: Nullable(Type.String({ description: 'Its English name, null where none was given' })),
  lat: Type.Number(),
  lon: Type.Number(),
  elevation: Nullable(Type.Number({ description: 'm above sea level' })),
});
export type StationDto = Static<typeof Station>;

const nullableNumbers = <K extends string>(names: readonly K[]) =>
  Type.Object(
    Object.fromEntries(names.map((n) => [n, Nullable(Type.Number())])) as Record<
      K,
      ReturnType<typeof Nullable<ReturnType<typeof Type.Number>>>
    >,
  );
export const ObservationReadings = nullableNumbers(OBSERVATION_ELEMENTS);
export type ObservationReadings = Static<typeof ObservationReadings>;

export const WeatherIngestResult = Type.Object({
  stored: Type.Integer({
    description: 'Rows stored (a row for a station and time already held replaces it)',
  }),
  stations: Type.Integer({ description: 'Stations added or updated' }),
  ...rejectedRows,
});
export type WeatherIngestResult = Static<typeof WeatherIngestResult>;

export const WeatherNowQuery = Type.Object(
  {
    lat: Type.Number({ minimum: -90, maximum: 90 }),
    lon: Type.Number({ minimum: -180, maximum: 180 }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 5 })),
    radius_km: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1000, default: 200 })),
    max_age_min: Type.Optional(Type.Integer({ minimum: 1, maximum: 1440, default: 180 })),
  },
  { additionalProperties: false },
);
export type WeatherNowQuery = Static<typeof WeatherNowQuery>;

export const WeatherNow = Type.Object({
  items: Type.Array(
    Type.Object({
      station: Station,
      distance_km: Type.Number(),
      time: Time,
      age_min: Type.Number({ description: 'Minutes between the reading and now' }),
      readings: ObservationReadings,
    }),
    { description: 'Nearest first' },
  ),
});
export type WeatherNow = Static<typeof WeatherNow>;

export const MetEleQuery = Type.Object(
  {
    station: Type.Optional(StationId),
    bbox: Type.Optional(Bbox),
    element: Type.Enum(OBSERVATION_ELEMENTS),
    from: Type.Optional(Type.String({ format: 'date-time', description: 'Default: `to` − 24 h' })),
    to: Type.Optional(Type.String({ format: 'date-time', description: 'Default: now' })),
    interval: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 1440,
        description: 'Minutes per bucket; default: at most 300 buckets',
      }),
    ),
  },
  { additionalProperties: false },
);
export type MetEleQuery = Static<typeof MetEleQuery>;

export const SeriesBucket = Type.Object({
  time: Time,
  min: Type.Number(),
  max: Type.Number(),
  mean: Type.Number(),
  count: Type.Integer(),
});

export const MetEleSeries = Type.Object({
  element: Type.String(),
  unit: Type.String(),
  interval_min: Type.Integer(),
  from: Time,
  to: Time,
  series: Type.Array(Type.Object({ station: Station, points: Type.Array(SeriesBucket) })),
});
export type MetEleSeries = Static<typeof MetEleSeries>;

export const MetEleGridQuery = Type.Object(
  {
    element: Type.Enum(OBSERVATION_ELEMENTS),
    time: Type.Optional(Type.String({ format: 'date-time', description: 'Default: now' })),
    bbox: Type.Optional(Bbox),
    cols: Type.Optional(Type.Integer({ minimum: 2, maximum: 200, default: 60 })),
    max_age_min: Type.Optional(Type.Integer({ minimum: 1, maximum: 1440, default: 60 })),
    max_distance_km: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 2000, default: 150 })),
  },
  { additionalProperties: false },
);
export type MetEleGridQuery = Static<typeof MetEleGridQuery>;

export const MetEleGrid = Type.Object({
  element: Type.String(),
  unit: Type.String(),
  time: Time,
  west: Type.Number(),
  south: Type.Number(),
  east: Type.Number(),
  north: Type.Number(),
  cols: Type.Integer(),
  rows: Type.Integer(),
  values: Type.Array(Nullable(Type.Number()), {
    description:
      'Row-major from the north-west corner, at cell centres; null: no station within max_distance_km',
  }),
  stations: Type.Integer({ description: 'Stations whose latest reading went into the grid' }),
});
export type MetEleGrid = Static<typeof MetEleGrid>;

export const WaveDataQuery = Type.Object(
  {
    station: Type.Optional(StationId),
    bbox: Type.Optional(Bbox),
    latest: Type.Optional(Type.Union(['1', '0', 'true', 'false'].map((v) => Type.Literal(v)))),
    from: Type.Optional(Type.String({ format: 'date-time', description: 'Default: `to` − 24 h' })),
    to: Type.Optional(Type.String({ format: 'date-time', description: 'Default: now' })),
  },
  { additionalProperties: false },
);
export type WaveDataQuery = Static<typeof WaveDataQuery>;

export const WaveReadings = nullableNumbers(WAVE_ELEMENTS);
export const WaveReading = Type.Object({
  time: Time,
  ...WaveReadings.properties,
  douglas: Nullable(
    Type.Integer({ minimum: 0, maximum: 9, description: 'Douglas sea scale of wave_height' }),
  ),
  alert: Type.Boolean({ description: 'wave_height at or above the alert threshold' }),
});
export type WaveReading = Static<typeof WaveReading>;

export const WaveData = Type.Object({
  alert_height_m: Type.Number({ description: 'The threshold of `alert`' }),
  stations: Type.Array(
    Type.Object({ station: Station, readings: Type.Array(WaveReading, { description: 'Oldest first' }) }),
  ),
});
export type WaveData = Static<typeof WaveData>;

export const WaveIngestQuery = Type.Object(
  {
    station: Type.Optional(StationId),
    name: Type.Optional(Type.String({ maxLength: 100 })),
    name_en: Type.Optional(Type.String({ maxLength: 100 })),
    lat: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
    lon: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
    elevation: Type.Optional(Type.Number({ minimum: -500, maximum: 9000 })),
  },
  { additionalProperties: false },
);
export type WaveIngestQuery = Static<typeof WaveIngestQuery>;
