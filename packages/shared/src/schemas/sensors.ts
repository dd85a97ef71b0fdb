import { type Static, Type } from 'typebox';
import { Id, MAX_OFFSET, Nullable, pageOf, rejectedRows } from './kit.js';

/**
 * Sensors of a group — electric field mills (`efm`) and met sensors (`met`) — and their readings
 * (`/api/sensor/…`, `POST /api/ingest/sensors`, MQTT `sensors/<id>`). Units: field kV/m (signed: fair weather
 * is about +0.1, under a thundercloud several kV/m of either sign), wind m/s and degrees (from, clockwise
 * from true north), °C, %, hPa, mm.
 */
export const SENSOR_ELEMENTS = [
  'field',
  'wind_speed',
  'wind_dir',
  'temperature',
  'humidity',
  'pressure',
  'rain',
] as const;
export type SensorElementName = (typeof SENSOR_ELEMENTS)[number];
export const SENSOR_KINDS = ['efm', 'met'] as const;
export type SensorKind = (typeof SENSOR_KINDS)[number];
export const SENSOR_STATUSES = ['active', 'maintenance', 'disabled'] as const;

/** The longest span one series or page of readings reads. */
export const SENSOR_SPAN_MAX_DAYS = 31;

const Time = Type.String({ format: 'date-time' });
export const SensorId = Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$' });
const Element = Type.Enum(SENSOR_ELEMENTS);

export const SensorValues = Type.Object(
  Object.fromEntries(SENSOR_ELEMENTS.map((e) => [e, Type.Optional(Nullable(Type.Number()))])) as Record<
    SensorElementName,
    ReturnType<typeof Type.Optional<ReturnType<typeof Nullable<ReturnType<typeof Type.Number>>>>>
  >,
);
export type SensorValues = Static<typeof SensorValues>;

export const Sensor = Type.Object({
  id: Type.String(),
  group_id: Type.Integer(),
  location_id: Nullable(Type.Integer()),
  kind: Type.Enum(SENSOR_KINDS),
  name: Type.String(),
  lat: Type.Number(),
  lon: Type.Number(),
  status: Type.Enum(SENSOR_STATUSES),
  /** `active` sensors with no reading in the last 10 minutes show `offline` here. */
  online: Type.Boolean(),
  latest: Nullable(Type.Object({ time: Time, values: SensorValues })),
  created_at: Time,
  updated_at: Time,
});
export type SensorDto = Static<typeof Sensor>;

export const SensorInput = Type.Object(
  {
    id: SensorId,
    kind: Type.Enum(SENSOR_KINDS),
    name: Type.String({ minLength: 1, maxLength: 100 }),
    lat: Type.Number({ minimum: -90, maximum: 90 }),
    lon: Type.Number({ minimum: -180, maximum: 180 }),
    location_id: Type.Optional(Nullable(Id)),
    status: Type.Optional(Type.Enum(SENSOR_STATUSES)),
  },
  { additionalProperties: false },
);
export type SensorInput = Static<typeof SensorInput>;
export const SensorUpdate = Type.Partial(Type.Omit(SensorInput, ['id', 'kind']), {
  additionalProperties: false,
});
export type SensorUpdate = Static<typeof SensorUpdate>;

export const SensorListQuery = Type.Object({
  group_id: Type.Optional(Id),
  kind: Type.Optional(Type.Enum(SENSOR_KINDS)),
  location_id: Type.Optional(Id),
});
export const SensorList = Type.Object({ items: Type.Array(Sensor) });

export const SensorIdQuery = Type.Object({ id: SensorId });
export const SensorIdsQuery = Type.Object({
  ids: Type.String({
    minLength: 1,
    maxLength: 4200,
    description: 'Sensor ids separated by commas, at most 100',
  }),
});
export const SensorLatest = Type.Object({
  id: Type.String(),
  kind: Type.Enum(SENSOR_KINDS),
  time: Nullable(Time),
  values: Nullable(SensorValues),
});
export type SensorLatestDto = Static<typeof SensorLatest>;
export const SensorLatestBatch = Type.Object({ items: Type.Array(SensorLatest) });

export const SensorSeriesQuery = Type.Object({
  id: SensorId,
  element: Type.Optional(Element),
  from: Type.Optional(Time),
  to: Type.Optional(Time),
  interval: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 86_400,
      description: 'Seconds per point; absent: raw readings when the span holds few, else about 1,000 points',
    }),
  ),
});
export const SensorSeries = Type.Object({
  id: Type.String(),
  element: Element,
  unit: Type.String(),
  /** `raw`: each reading (min = max = mean); `rollup`: per-minute rollups merged into `interval` seconds. */
  resolution: Type.Union([Type.Literal('raw'), Type.Literal('rollup')]),
  interval: Nullable(Type.Integer()),
  from: Time,
  to: Time,
  points: Type.Array(
    Type.Object({
      time: Time,
      min: Type.Number(),
      max: Type.Number(),
      mean: Type.Number(),
      n: Type.Integer(),
    }),
  ),
});
export type SensorSeriesDto = Static<typeof SensorSeries>;

export const SensorDataListQuery = Type.Object({
  ids: Type.Optional(SensorIdsQuery.properties.ids),
  group_id: Type.Optional(Id),
  kind: Type.Optional(Type.Enum(SENSOR_KINDS)),
  from: Type.Optional(Time),
  to: Type.Optional(Time),
  limit: Type.Integer({ minimum: 1, maximum: 10_000, default: 100 }),
  offset: Type.Integer({ minimum: 0, maximum: MAX_OFFSET, default: 0 }),
  format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv')])),
});
export type SensorDataListQuery = Static<typeof SensorDataListQuery>;
export const SensorReading = Type.Object({ sensor_id: Type.String(), time: Time, values: SensorValues });
export const SensorDataPage = pageOf(SensorReading);
export type SensorDataPage = Static<typeof SensorDataPage>;
/** The page as JSON, or as CSV with `format=csv`. */
export const SensorDataResponse = Type.Union([SensorDataPage, Type.String()]);

export const SensorIngestResult = Type.Object({
  stored: Type.Integer({ description: 'Readings new to the store (one already stored is ignored)' }),
  sensors: Type.Integer(),
  ...rejectedRows,
});
export type SensorIngestResult = Static<typeof SensorIngestResult>;
