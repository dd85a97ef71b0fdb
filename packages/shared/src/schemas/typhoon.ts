import { type Static, Type } from 'typebox';
import { MAX_ID, Nullable } from './kit.js';

/**
 * Tropical cyclones ingested from CMA best-track text or ATCF decks: a list of storms, and one storm's track,
 * forecast and cone of uncertainty for the maps.
 */

export const TYPHOON_GRADES = ['LO', 'TD', 'TS', 'STS', 'TY', 'STY', 'SuperTY', 'ET'] as const;
export const TyphoonGrade = Type.Union(
  [
    Type.Literal('LO'),
    Type.Literal('TD'),
    Type.Literal('TS'),
    Type.Literal('STS'),
    Type.Literal('TY'),
    Type.Literal('STY'),
    Type.Literal('SuperTY'),
    Type.Literal('ET'),
  ],
  {
    description:
      'China’s grades (GB/T 19201-2006): TD, TS, STS, TY, STY, SuperTY; LO weaker or unknown, ET extratropical',
  },
);
export type TyphoonGrade = Static<typeof TyphoonGrade>;

export const TyphoonIngestQuery = Type.Object(
  {
    name_zh: Type.Optional(
      Type.String({ minLength: 1, maxLength: 40, description: 'Chinese name (file with one storm only)' }),
    ),
  },
  { additionalProperties: false },
);
export type TyphoonIngestQuery = Static<typeof TyphoonIngestQuery>;

export const TyphoonIngestResult = Type.Object({
  format: Type.Union([Type.Literal('cma'), Type.Literal('atcf')]),
  storms: Type.Array(
    Type.Object({
      id: Type.String(),
      created: Type.Boolean({ description: 'false: an existing storm was merged' }),
      points: Type.Integer({ description: 'Track points in the file' }),
      forecast_points: Type.Integer(),
    }),
  ),
});
export type TyphoonIngestResult = Static<typeof TyphoonIngestResult>;

export const TyphoonListQuery = Type.Object(
  {
    year: Type.Optional(Type.Integer({ minimum: 1900, maximum: 2200 })),
    active: Type.Optional(
      Type.Union(
        ['1', '0', 'true', 'false'].map((v) => Type.Literal(v)),
        {
          description: '`1`: active storms only; `0`: ended ones only',
        },
      ),
    ),
  },
  { additionalProperties: false },
);
export type TyphoonListQuery = Static<typeof TyphoonListQuery>;

export const TyphoonStatus = Type.Union([Type.Literal('active'), Type.Literal('ended')], {
  description: 'ended: the source says so, or no track point for 24 h',
});

export const TyphoonSummary = Type.Object({
  id: Type.String({ description: 'The source’s identity: `wp022023` (ATCF), `cma2017-0014` (CMA)' }),
  name_en: Nullable(Type.String()),
  name_zh: Nullable(Type.String()),
  basin: Type.String(),
  year: Type.Integer(),
  number: Nullable(Type.String()),
  status: TyphoonStatus,
  first_time: Type.String({ format: 'date-time' }),
  last_time: Type.String({ format: 'date-time' }),
  peak: Type.Object({
    wind_ms: Nullable(Type.Number()),
    pressure_hpa: Nullable(Type.Number()),
    grade: TyphoonGrade,
  }),
  latest: Type.Object({ lat: Type.Number(), lon: Type.Number(), grade: TyphoonGrade }),
});
export type TyphoonSummary = Static<typeof TyphoonSummary>;

export const TyphoonList = Type.Object({
  items: Type.Array(TyphoonSummary, { description: 'Newest first' }),
});
export type TyphoonList = Static<typeof TyphoonList>;

export const WindRadii = Type.Object({
  kt: Type.Union([Type.Literal(34), Type.Literal(50), Type.Literal(64)]),
  ne_km: Type.Number(),
  se_km: Type.Number(),
  sw_km: Type.Number(),
  nw_km: Type.Number(),
});
export type WindRadii = Static<typeof WindRadii>;

export const TyphoonPoint = Type.Object({
  time: Type.String({ format: 'date-time' }),
  lat: Type.Number(),
  lon: Type.Number(),
  pressure_hpa: Nullable(Type.Number()),
  wind_ms: Nullable(Type.Number()),
  grade: TyphoonGrade,
  radii: Type.Array(WindRadii),
});
export type TyphoonPoint = Static<typeof TyphoonPoint>;

export const TyphoonForecastPoint = Type.Intersect([TyphoonPoint, Type.Object({ lead_h: Type.Integer() })]);
export type TyphoonForecastPoint = Static<typeof TyphoonForecastPoint>;

export const TyphoonDetail = Type.Intersect([
  TyphoonSummary,
  Type.Object({
    track: Type.Array(TyphoonPoint, { description: 'Oldest first' }),
    forecast: Type.Array(TyphoonForecastPoint, { description: 'The latest forecast, by lead time' }),
    forecast_base: Nullable(Type.String({ format: 'date-time' })),
    cone: Type.Union(
      [
        Type.Object({
          type: Type.Literal('Polygon'),
          coordinates: Type.Array(Type.Array(Type.Tuple([Type.Number(), Type.Number()]))),
        }),
        Type.Null(),
      ],
      {
        description: 'GeoJSON polygon of the cone of uncertainty from the latest position along the forecast',
      },
    ),
  }),
]);
export type TyphoonDetail = Static<typeof TyphoonDetail>;

export const TyphoonIdParams = Type.Object({
  id: Type.String({ pattern: '^[a-z0-9-]{1,40}$' }),
});

export const TyphoonAlarmQuery = Type.Object(
  {
    active: Type.Optional(
      Type.Union([Type.Literal('1'), Type.Literal('0'), Type.Literal('true'), Type.Literal('false')], {
        description: '1: only alarms whose threat still holds; 0: only cleared ones',
      }),
    ),
    group_id: Type.Optional(
      Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'Administrators: one group' }),
    ),
  },
  { additionalProperties: false },
);
export type TyphoonAlarmQuery = Static<typeof TyphoonAlarmQuery>;

export const TyphoonAlarm = Type.Object({
  id: Type.Integer(),
  storm: Type.Object({
    id: Type.String(),
    name_en: Nullable(Type.String()),
    name_zh: Nullable(Type.String()),
  }),
  location_id: Type.Integer(),
  location_name: Type.String(),
  location_name_en: Nullable(
    Type.String({ description: "The location's English name, null where it has none" }),
  ),
  group_id: Type.Integer(),
  level: Type.Union([Type.Literal(2), Type.Literal(3)], {
    description: '3 (red): inside the 34-kt radius; 2 (orange): the path passes within the alert distance',
  }),
  inside_gale: Type.Boolean(),
  distance_km: Type.Number({
    description: 'Closest distance of the path (now and forecast) to the location',
  }),
  closest_at: Type.String({ format: 'date-time', description: 'When the centre passes closest' }),
  grade: TyphoonGrade,
  raised_at: Type.String({ format: 'date-time' }),
  cleared_at: Nullable(Type.String({ format: 'date-time' })),
});
export type TyphoonAlarm = Static<typeof TyphoonAlarm>;

export const TyphoonAlarmList = Type.Object({ items: Type.Array(TyphoonAlarm) });
export type TyphoonAlarmList = Static<typeof TyphoonAlarmList>;
