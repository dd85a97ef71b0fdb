import { type Static, Type } from 'typebox';
import { MODEL_IDS, RUN_FAILURE_CODES } from '../model-ids.js';
import { Id, MAX_OFFSET, Nullable, pageOf } from './kit.js';

export { MODEL_IDS, type ModelId } from '../model-ids.js';

/**
 * Models (`/api/models/`), their elements (`/api/weather/ele_model`) and their runs (`/api/weather/task`).
 * Three models are computed here from the lightning itself; two are adapters to external forecast services.
 */

export const RUN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

const Localized = Type.Object({ 'zh-Hans': Type.String(), en: Type.String() });

export const ModelElement = Type.Object({
  id: Type.String(),
  name: Localized,
  unit: Type.String({ description: '"%" for chances and risks (0–100)' }),
  levels: Type.Array(Type.String(), { description: 'Vertical levels; "surface" for fields at the ground' }),
  steps: Type.Array(Type.Object({ from_min: Type.Integer(), to_min: Type.Integer() }), {
    description: 'Time windows of the frames, minutes after the run (negative: before it)',
  }),
  thresholds: Type.Array(Type.Number(), { description: 'The contour levels drawn, in `unit`' }),
});
export type ModelElement = Static<typeof ModelElement>;

export const RunTrigger = Type.Enum(['schedule', 'manual']);

export const ModelRun = Type.Object({
  id: Type.Integer(),
  model_id: Type.Enum(MODEL_IDS),
  status: Type.Enum(RUN_STATUSES),
  progress: Type.Integer({ minimum: 0, maximum: 100, description: 'Percent done' }),
  reason: Nullable(Type.String({ description: 'Why a run failed, in English (for the logs)' })),
  reason_code: Nullable(
    Type.Enum(RUN_FAILURE_CODES, {
      description:
        "Why a run failed, as a code to word in the reader's language; null for runs failed before codes",
    }),
  ),
  reason_params: Nullable(
    Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]), {
      description: "The code's parameters (`minutes`, `model`, `host`, `seconds`, `status`)",
    }),
  ),
  trigger: RunTrigger,
  requested_by: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  created_at: Type.String({ format: 'date-time' }),
  started_at: Nullable(Type.String({ format: 'date-time' })),
  finished_at: Nullable(Type.String({ format: 'date-time' })),
  valid_at: Nullable(Type.String({ format: 'date-time', description: 'The time the output starts from' })),
  has_output: Type.Boolean(),
});
export type ModelRunDto = Static<typeof ModelRun>;

export const ModelRunPage = pageOf(ModelRun);
export type ModelRunPage = Static<typeof ModelRunPage>;

export const ModelRunQuery = Type.Object({
  model: Type.Optional(Type.Enum(MODEL_IDS)),
  status: Type.Optional(Type.Enum(RUN_STATUSES)),
  limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
  offset: Type.Integer({ minimum: 0, maximum: MAX_OFFSET, default: 0 }),
});

export const StartModelRun = Type.Object({ model: Type.Enum(MODEL_IDS) }, { additionalProperties: false });

export const RunParams = Type.Object({ id: Id });
/** A model's id in a path: any short name, so that a wrong one is a 404 naming it, not a schema error. */
export const ModelParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export const Model = Type.Object({
  id: Type.Enum(MODEL_IDS),
  name: Localized,
  description: Localized,
  kind: Type.Enum(['builtin', 'external'], {
    description: 'builtin: computed here from the lightning; external: fetched from a configured service',
  }),
  inputs: Type.Array(Type.String()),
  outputs: Type.Array(Type.Enum(['grid', 'polygons'])),
  schedule: Type.Object({ every_min: Nullable(Type.Integer({ description: 'null: runs only by hand' })) }),
  status: Type.Enum(['ready', 'not_configured']),
  elements: Type.Array(ModelElement),
  active_run: Nullable(ModelRun),
  last_run: Nullable(ModelRun),
});
export type ModelDto = Static<typeof Model>;

export const ModelList = Type.Object({ items: Type.Array(Model) });
export type ModelList = Static<typeof ModelList>;

export const ElementModels = Type.Object({
  items: Type.Array(
    Type.Object({ model_id: Type.Enum(MODEL_IDS), name: Localized, elements: Type.Array(ModelElement) }),
  ),
});
export type ElementModels = Static<typeof ElementModels>;
export const ElementModelsQuery = Type.Object({ model: Type.Optional(Type.Enum(MODEL_IDS)) });

export const GridGeometry = Type.Object({
  west: Type.Number(),
  south: Type.Number(),
  cell_deg: Type.Number(),
  cols: Type.Integer({ minimum: 1 }),
  rows: Type.Integer({ minimum: 1 }),
});
export type GridGeometry = Static<typeof GridGeometry>;

export const OutputFrame = Type.Object({
  element: Type.String(),
  from_min: Type.Integer(),
  to_min: Type.Integer(),
  unit: Type.String(),
  max: Nullable(Type.Number({ description: 'Highest value in the frame; null when it has none' })),
});

const Ring = Type.Array(Type.Tuple([Type.Number(), Type.Number()]));
export const ContourFeature = Type.Object({
  type: Type.Literal('Feature'),
  geometry: Type.Object({ type: Type.Literal('MultiPolygon'), coordinates: Type.Array(Type.Array(Ring)) }),
  properties: Type.Object({
    element: Type.String(),
    from_min: Type.Integer(),
    to_min: Type.Integer(),
    value: Type.Number({ description: 'The band: values at least this, in `unit`' }),
    unit: Type.String(),
  }),
});

export const ModelOutput = Type.Object({
  type: Type.Literal('FeatureCollection'),
  run: ModelRun,
  grid: GridGeometry,
  frames: Type.Array(OutputFrame),
  facts: Type.Record(Type.String(), Type.Union([Type.Number(), Type.Boolean(), Type.String()]), {
    description: 'What a reader must know about this run (inputs counted; dryness_applied for fire risk)',
  }),
  features: Type.Array(ContourFeature),
});
export type ModelOutput = Static<typeof ModelOutput>;

export const OutputQuery = Type.Object({
  element: Type.Optional(Type.String({ maxLength: 64 })),
  from_min: Type.Optional(Type.Integer({ minimum: -100_000, maximum: 100_000 })),
});

export const ModelGrid = Type.Object({
  run_id: Type.Integer(),
  grid: GridGeometry,
  element: Type.String(),
  from_min: Type.Integer(),
  to_min: Type.Integer(),
  unit: Type.String(),
  values: Type.Array(Nullable(Type.Number()), { description: 'rows × cols from the south-west, row by row' }),
});
export type ModelGrid = Static<typeof ModelGrid>;
export const GridQuery = Type.Object({
  element: Type.String({ maxLength: 64 }),
  from_min: Type.Integer({ minimum: -100_000, maximum: 100_000 }),
});

/**
 * The contract of the external forecast services (`WEATHER_FORECAST_URL`, `GEO_WEATHER_FORECAST_URL`):
 * this system POSTs a `ForecastRequest` (JSON, `Authorization: Bearer <key>`) and expects a
 * `ForecastResponse`. Anything else fails the run with the reason.
 */
export const ForecastRequest = Type.Object({
  model: Type.String(),
  bbox: Type.Tuple([Type.Number(), Type.Number(), Type.Number(), Type.Number()], {
    description: '[west, south, east, north], degrees',
  }),
  elements: Type.Array(Type.String()),
  steps_h: Type.Array(Type.Integer(), {
    description: 'Hours after issue, each the end of a one-hour window',
  }),
});
export type ForecastRequest = Static<typeof ForecastRequest>;

export const ForecastResponse = Type.Object({
  issued_at: Type.String({ format: 'date-time' }),
  grid: GridGeometry,
  fields: Type.Array(
    Type.Object({
      element: Type.String(),
      step_h: Type.Integer({ minimum: 0, maximum: 720 }),
      unit: Type.String(),
      values: Type.Array(Nullable(Type.Number())),
    }),
    { minItems: 1 },
  ),
});
export type ForecastResponse = Static<typeof ForecastResponse>;
