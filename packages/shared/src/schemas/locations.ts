import { type Static, type TSchema, Type } from 'typebox';
import { PREDICT_LIMITS } from '../warnings.js';
import { GeometryInput, LocationShape, Position } from './geo.js';
import { Id, Nullable, Paging, pageOf } from './kit.js';
import { Level, RingLevel } from './warnings.js';

/** Locations: the sites watched for lightning with their warning rings, and the caller's map view. */

const ringOf = <L extends TSchema>(level: L) =>
  Type.Object(
    {
      radius_km: Type.Number(),
      level,
      all_clear_min: Type.Integer({
        description:
          'Minutes without a counted stroke before the ring clears; every counted stroke restarts it',
      }),
      min_strokes: Type.Integer({
        description:
          'Noise threshold: the ring becomes active with `min_strokes` strokes within `window_min`',
      }),
      window_min: Type.Integer(),
      include_ic: Type.Boolean({ description: 'Whether intra-cloud strokes count' }),
    },
    { additionalProperties: false },
  );

/** A warning ring of a location. */
export const Ring = ringOf(RingLevel);
export type Ring = Static<typeof Ring>;

/** A ring in a request body: any whole level here, the service names a level out of range. */
export const RingInput = ringOf(Type.Integer({ description: '3 red, 2 orange, 1 yellow' }));
export type RingInput = Static<typeof RingInput>;

/**
 * Early warning from storm cells: a jumping storm cell within `range_km` of the location (now or at its
 * +30 min nowcast), or an active, non-decaying moving cell whose +30 min nowcast reaches the location,
 * raises the location to `level` (default: the outermost ring's), shown as predicted, until a ring takes
 * over or no such cell has been seen for the all-clear time of the ring of that level.
 */
export const PredictSetting = Type.Object({
  enabled: Type.Boolean({ description: 'Off by default' }),
  range_km: Type.Number({
    minimum: PREDICT_LIMITS.minRangeKm,
    maximum: PREDICT_LIMITS.maxRangeKm,
    description: `How near a jumping cell must come, km (default ${PREDICT_LIMITS.defaultRangeKm})`,
  }),
  level: RingLevel,
});
export type PredictSettingDto = Static<typeof PredictSetting>;

/** The setting in a request body; the service names a value out of range. Left out, a field keeps its value. */
export const PredictInput = Type.Object(
  {
    enabled: Type.Boolean(),
    range_km: Type.Optional(Type.Number()),
    level: Type.Optional(
      // Null first: with type coercion on, the integer branch would turn null into 0.
      Type.Union([Type.Null(), Type.Integer()], {
        description: "1–3; null follows the outermost ring's level",
      }),
    ),
  },
  { additionalProperties: false },
);
export type PredictInput = Static<typeof PredictInput>;

export const Location = Type.Object({
  id: Type.Integer(),
  group_id: Type.Integer(),
  name: Type.String({ description: 'The name its group gave it (the demo’s in Chinese)' }),
  name_en: Nullable(Type.String({ description: 'Its English name, null where none was given' })),
  shape: LocationShape,
  zone_id: Nullable(Type.Integer()),
  time_zone: Type.String({
    description: "IANA time zone the site's reports and quiet hours use, e.g. `Asia/Shanghai`",
  }),
  enabled: Type.Boolean(),
  rings: Type.Array(Ring),
  predict: PredictSetting,
  wave_alert_cm: Nullable(
    Type.Integer({
      description:
        'Significant wave height (cm) from which the location gets a wave alarm; null: WAVE_ALERT_CM',
    }),
  ),
  is_airport: Type.Boolean({
    description: 'An airport: the board lists aircraft within 50 km, and flight alarms are raised',
  }),
  airport_icao: Nullable(Type.String({ description: 'ICAO airport code, e.g. ZGGG' })),
  level: Level,
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type LocationDto = Static<typeof Location>;

export const LocationPage = pageOf(Location);
export type LocationPage = Static<typeof LocationPage>;

/** Create (POST /api/locations/) and update (PUT /api/locations/:id): either `shape` or `zone_id`. */
export const LocationInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
    name_en: Type.Optional(
      Nullable(
        Type.String({
          maxLength: 100,
          description: 'Its English name; null or blank: none (left out on update: kept)',
        }),
      ),
    ),
    shape: Type.Optional(GeometryInput(['Point', 'Polygon'])),
    zone_id: Type.Optional(Id),
    time_zone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    enabled: Type.Optional(Type.Boolean()),
    rings: Type.Optional(Type.Array(RingInput, { description: 'default 10/20/30 km' })),
    predict: Type.Optional(PredictInput),
    wave_alert_cm: Type.Optional(
      // Null first: with type coercion on, the integer branch would turn null into 0.
      Type.Union([Type.Null(), Type.Integer({ minimum: 10, maximum: 3000 })], {
        description: 'Wave alarm threshold, cm (10–3000); null: the portal’s WAVE_ALERT_CM',
      }),
    ),
    is_airport: Type.Optional(Type.Boolean({ description: 'default false' })),
    airport_icao: Type.Optional(
      Type.Union([Type.Null(), Type.String({ pattern: '^[A-Z]{4}$' })], {
        description: 'ICAO airport code, four capital letters (e.g. ZGGG); null: none',
      }),
    ),
  },
  { additionalProperties: false },
);
export type LocationInput = Static<typeof LocationInput>;

export const LocationQuery = Type.Object(
  {
    group_id: Type.Optional(Id),
    enabled: Type.Optional(Type.Boolean()),
    q: Type.Optional(Type.String({ maxLength: 100, description: 'part of the name or the English name' })),
    ...Paging,
  },
  { additionalProperties: false },
);

const MapViewFields = {
  center: Position,
  zoom: Type.Number({ minimum: 0, maximum: 22 }),
  layers: Type.Array(Type.String({ pattern: '^[a-z0-9_-]{1,40}$' }), { maxItems: 20 }),
  /** Per layer (catalogue id or `custom_<id>`): shown or not and its opacity; absent ones keep their defaults. */
  layer_state: Type.Optional(
    Type.Array(
      Type.Object(
        {
          id: Type.String({ pattern: '^[a-z0-9_-]{1,40}$' }),
          visible: Type.Boolean(),
          opacity: Type.Number({ minimum: 0, maximum: 1 }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 100 },
    ),
  ),
};

/** Where the caller's map opens and how its layers are set, as stored. */
export const MapView = Type.Object(MapViewFields, { additionalProperties: false });
export type MapView = Static<typeof MapView>;

/**
 * PUT /api/user_map_data: the view (center and zoom together), the layer list, the layer choices; each part
 * left out keeps what was saved, so the layer switcher can save its choices without moving the view.
 */
export const MapViewInput = Type.Object(
  {
    center: Type.Optional(MapViewFields.center),
    zoom: Type.Optional(MapViewFields.zoom),
    layers: Type.Optional(MapViewFields.layers),
    layer_state: MapViewFields.layer_state,
  },
  { additionalProperties: false },
);
export type MapViewInput = Static<typeof MapViewInput>;

/**
 * GET /api/user_map_data: the caller's map view with the locations they see; `saved` tells whether the view is
 * one they saved (else it is the default, and the map opens on their locations or the latest strokes instead).
 */
export const UserMapData = Type.Object({
  ...MapViewFields,
  saved: Type.Boolean(),
  locations: Type.Array(Location),
});
export type UserMapData = Static<typeof UserMapData>;
