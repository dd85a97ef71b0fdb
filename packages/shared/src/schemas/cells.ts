import { type Static, Type } from 'typebox';
import { CELL_LIFECYCLES } from '../cell-lifecycles.js';
import { Nullable } from './kit.js';

export { CELL_LIFECYCLES, type CellLifecycle } from '../cell-lifecycles.js';

/**
 * Storm cells (`scz` in the API): clusters of recent flashes, and radar reflectivity objects (≥ 35 dBZ)
 * where radar is present, tracked from one tracker step (each minute) to the next. `/api/scz` answers the cells of one step as GeoJSON; `/api/scz_query_range` their tracks.
 */
export const CELL_TRENDS = ['growing', 'steady', 'decaying'] as const;
export type CellTrend = (typeof CELL_TRENDS)[number];
/** What a cell was made from: a flash cluster, a radar object without flashes, or both. */
export const CELL_SOURCES = ['flashes', 'radar', 'both'] as const;
export type CellSource = (typeof CELL_SOURCES)[number];
/** Nowcast leads, minutes after the step's time. */
export const NOWCAST_LEADS_MIN = [15, 30, 60] as const;

const Position = Type.Tuple([Type.Number(), Type.Number()], { description: '[lon, lat], degrees' });
export const CellPolygon = Type.Object({
  type: Type.Literal('Polygon'),
  coordinates: Type.Array(Type.Array(Position), { description: 'One closed outer ring' }),
});

export const CellMotion = Type.Object({
  speed_kmh: Type.Number({ minimum: 0 }),
  direction_deg: Type.Number({ minimum: 0, maximum: 360, description: 'Towards, clockwise from north' }),
});

export const CellRatePoint = Type.Object({
  time: Type.String({ format: 'date-time' }),
  total_per_min: Type.Number({ minimum: 0 }),
  cg_per_min: Type.Number({ minimum: 0 }),
});

export const CellNowcast = Type.Object({
  lead_min: Type.Integer({ minimum: 1 }),
  geometry: CellPolygon,
});

export const CellProperties = Type.Object({
  id: Type.String({ description: 'Stable across steps while the cell lives' }),
  time: Type.String({ format: 'date-time', description: 'The tracker step' }),
  born_at: Type.String({ format: 'date-time' }),
  centroid: Position,
  area_km2: Type.Number({ minimum: 0 }),
  flash_rate_per_min: Type.Number({ minimum: 0, description: 'Total (IC + CG) flashes per minute' }),
  cg_rate_per_min: Type.Number({ minimum: 0 }),
  trend: Type.Enum(CELL_TRENDS),
  motion: Nullable(CellMotion),
  lifecycle: Type.Enum(CELL_LIFECYCLES),
  parents: Type.Array(Type.String(), { description: 'Cells this one merged from or split off' }),
  jump: Type.Boolean({ description: 'A lightning jump (2σ) in this step' }),
  jump_sigma: Nullable(Type.Number({ description: 'Rate change over its recent standard deviation' })),
  rate_history: Type.Array(CellRatePoint, { description: 'Flash rates of the recent steps, oldest first' }),
  nowcast: Type.Array(CellNowcast, { description: 'Where the cell is expected at +15/+30/+60 min' }),
  made_from: Type.Enum(CELL_SOURCES, {
    description: 'flashes (a flash cluster), radar (a ≥ 35 dBZ object without flashes) or both',
  }),
  max_dbz: Nullable(Type.Number({ description: 'Highest reflectivity of its radar objects; null without' })),
  radar_area_km2: Nullable(
    Type.Number({ minimum: 0, description: 'Area of its radar objects at ≥ 35 dBZ; null without' }),
  ),
  radar_time: Nullable(
    Type.String({ format: 'date-time', description: 'The radar frame its objects are from; null without' }),
  ),
});
export type CellProperties = Static<typeof CellProperties>;

export const CellFeature = Type.Object({
  type: Type.Literal('Feature'),
  geometry: CellPolygon,
  properties: CellProperties,
});
export type CellFeature = Static<typeof CellFeature>;

export const CellCollection = Type.Object({
  type: Type.Literal('FeatureCollection'),
  time: Nullable(
    Type.String({ format: 'date-time', description: 'The step answered; null before the first' }),
  ),
  features: Type.Array(CellFeature),
});
export type CellCollection = Static<typeof CellCollection>;

export const CellTrackStep = Type.Object({
  time: Type.String({ format: 'date-time' }),
  centroid: Position,
  area_km2: Type.Number({ minimum: 0 }),
  flash_rate_per_min: Type.Number({ minimum: 0 }),
  cg_rate_per_min: Type.Number({ minimum: 0 }),
  lifecycle: Type.Enum(CELL_LIFECYCLES),
  jump: Type.Boolean(),
});

export const CellTrack = Type.Object({
  id: Type.String(),
  born_at: Type.String({ format: 'date-time' }),
  last_at: Type.String({ format: 'date-time' }),
  parents: Type.Array(Type.String()),
  steps: Type.Array(CellTrackStep, { description: 'Oldest first' }),
});
export type CellTrack = Static<typeof CellTrack>;

export const CellTracks = Type.Object({ items: Type.Array(CellTrack) });
export type CellTracks = Static<typeof CellTracks>;

/** GET /api/scz: the step at or before `time` (default now). */
export const CellQuery = Type.Object(
  { time: Type.Optional(Type.String({ format: 'date-time', description: 'default: now' })) },
  { additionalProperties: false },
);

/** GET /api/scz_query_range: tracks of the cells over `from`…`to` (at most 24 h) in `bbox`. */
export const CellRangeQuery = Type.Object(
  {
    from: Type.String({ format: 'date-time' }),
    to: Type.String({ format: 'date-time' }),
    bbox: Type.Optional(
      Type.String({
        maxLength: 200,
        description: 'west,south,east,north (degrees); west > east crosses 180°',
      }),
    ),
  },
  { additionalProperties: false },
);

/** GET /api/scz/restep: the hours of cell tracker steps run again for late or imported strokes. */
export const CellRestepBlock = Type.Object({
  block: Type.String({
    format: 'date-time',
    description: "the hour's start: its steps are [block, block + 1 h)",
  }),
  state: Type.Union([
    Type.Literal('pending'),
    Type.Literal('running'),
    Type.Literal('done'),
    Type.Literal('failed'),
  ]),
  requested_at: Type.String({ format: 'date-time' }),
  started_at: Nullable(Type.String({ format: 'date-time' })),
  finished_at: Nullable(Type.String({ format: 'date-time' })),
  through: Nullable(Type.String({ format: 'date-time', description: 'the last minute gone through' })),
  steps: Type.Integer({ description: 'steps written by the run under way or the last' }),
  strokes: Nullable(Type.Integer({ description: 'strokes the run reads (with the 10 min before the hour)' })),
  error: Nullable(Type.String()),
});
export type CellRestepBlock = Static<typeof CellRestepBlock>;

export const CellRestepStatus = Type.Object({
  pending: Type.Integer({ description: 'hours waiting (or running)' }),
  items: Type.Array(CellRestepBlock, { description: 'pending hours first, then the latest; at most 100' }),
});
export type CellRestepStatus = Static<typeof CellRestepStatus>;
