import { type Static, Type } from 'typebox';
import { CodeWithParams, Id, Nullable } from './kit.js';
import { RegionCode } from './regions.js';

const Lat = Type.Number({ minimum: -90, maximum: 90 });
const Lon = Type.Number({ minimum: -180, maximum: 180 });

/** The longest period one query covers, and the largest drawn polygon. */
export const QUERY_MAX_DAYS = 366;
export const QUERY_MAX_VERTICES = 2000;
export const QUERY_MAX_RADIUS_KM = 500;

export const QueryArea = Type.Union([
  Type.Object({ kind: Type.Literal('province'), code: RegionCode }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('city'), code: RegionCode }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('zone'), id: Id }, { additionalProperties: false }),
  Type.Object(
    {
      kind: Type.Literal('radius'),
      lat: Lat,
      lon: Lon,
      radius_km: Type.Number({ exclusiveMinimum: 0, maximum: QUERY_MAX_RADIUS_KM }),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      kind: Type.Literal('polygon'),
      coordinates: Type.Array(Type.Tuple([Lon, Lat]), {
        minItems: 4,
        maxItems: QUERY_MAX_VERTICES,
        description: 'One closed ring [[lon, lat], …] (first point repeated last)',
      }),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    { kind: Type.Literal('bbox'), west: Lon, south: Lat, east: Lon, north: Lat },
    { additionalProperties: false },
  ),
]);
export type QueryArea = Static<typeof QueryArea>;

export const QUERY_GROUP_BY = ['hour', 'day', 'month', 'region'] as const;

export const StrokeQuerySpec = Type.Object(
  {
    area: QueryArea,
    from: Type.String({ format: 'date-time' }),
    to: Type.String({ format: 'date-time', description: `At most ${QUERY_MAX_DAYS} days after from` }),
    type: Type.Optional(Type.Union([Type.Literal('all'), Type.Literal('CG'), Type.Literal('IC')])),
    polarity: Type.Optional(
      Type.Union([Type.Literal('all'), Type.Literal('positive'), Type.Literal('negative')]),
    ),
    min_ka: Type.Optional(
      Type.Number({ minimum: 0, maximum: 2000, description: 'Lowest |peak current|, kA' }),
    ),
    max_ka: Type.Optional(
      Type.Number({ minimum: 0, maximum: 2000, description: 'Highest |peak current|, kA' }),
    ),
    group_by: Type.Enum(QUERY_GROUP_BY, {
      description: 'region: the cities of a province area, else the provinces',
    }),
    time_zone: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'IANA zone of hours, days and months (default Asia/Shanghai)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type StrokeQuerySpec = Static<typeof StrokeQuerySpec>;

const CountFields = {
  strokes: Type.Integer(),
  cg: Type.Integer(),
  ic: Type.Integer(),
  positive: Type.Integer(),
  negative: Type.Integer(),
  max_abs_ka: Nullable(Type.Number()),
  mean_abs_ka: Nullable(Type.Number()),
};
export const QueryCounts = Type.Object(CountFields);
export type QueryCounts = Static<typeof QueryCounts>;

export const QueryGroup = Type.Object({
  key: Type.String({ description: 'YYYY-MM-DD HH:00, YYYY-MM-DD, YYYY-MM (local), or a region code' }),
  name_zh: Type.Optional(Type.String()),
  name_en: Type.Optional(Type.String()),
  ...CountFields,
});
export type QueryGroup = Static<typeof QueryGroup>;

export const StrokeQueryResult = Type.Object({
  totals: QueryCounts,
  groups: Type.Array(QueryGroup, { description: 'In key order; only groups with strokes' }),
  density: Type.Object({
    cell_deg: Type.Number(),
    cells: Type.Array(Type.Tuple([Type.Number(), Type.Number(), Type.Integer()]), {
      description: '[south-west lat, south-west lon, strokes] of each cell with strokes',
    }),
  }),
  area_km2: Nullable(Type.Number()),
});
export type StrokeQueryResult = Static<typeof StrokeQueryResult>;

export const QUERY_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

export const QueryJob = Type.Object({
  id: Type.Integer(),
  spec: StrokeQuerySpec,
  status: Type.Enum(QUERY_JOB_STATUSES),
  progress: Type.Number({ minimum: 0, maximum: 1 }),
  estimated: Type.Integer({
    description: 'Strokes in the time window and the area’s box, before the exact test',
  }),
  created_at: Type.String({ format: 'date-time' }),
  finished_at: Nullable(Type.String({ format: 'date-time' })),
  /** Why it failed, as a code the screen words (`query.abandoned`, `region.not_found`, `zone.not_found`, `server.internal`). */
  error: Nullable(CodeWithParams),
  result: Nullable(StrokeQueryResult),
});
export type QueryJob = Static<typeof QueryJob>;

export const QueryJobParams = Type.Object({ id: Id });
export type QueryJobParams = Static<typeof QueryJobParams>;

export const QueryExportQuery = Type.Object(
  {
    format: Type.Union([Type.Literal('csv'), Type.Literal('xlsx')]),
    lang: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('zh-Hans')])),
  },
  { additionalProperties: false },
);
export type QueryExportQuery = Static<typeof QueryExportQuery>;

export const SavedQueryInput = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 100 }), spec: StrokeQuerySpec },
  { additionalProperties: false },
);
export type SavedQueryInput = Static<typeof SavedQueryInput>;

export const SavedQuery = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  spec: StrokeQuerySpec,
  created_at: Type.String({ format: 'date-time' }),
});
export type SavedQuery = Static<typeof SavedQuery>;

export const SavedQueryList = Type.Object({ items: Type.Array(SavedQuery) });
export type SavedQueryList = Static<typeof SavedQueryList>;
