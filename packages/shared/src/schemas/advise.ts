import { type Static, Type } from 'typebox';
import { GeometryInput } from './geo.js';
import { CodeWithParams, Id, Nullable } from './kit.js';
import { Ring } from './locations.js';

/**
 * POST /api/warning/advise: the rules advisor. A site's stored strokes replayed through a grid of
 * rule sets, every set scored as the backtest scores it against one fixed event definition, the Pareto front
 * (max POD vs min minutes under warning) and a recommendation for an objective (docs/api.md).
 */

const Time = Type.String({ format: 'date-time' });

// The advisor's limits live in a module without TypeBox, which the web imports.
import { ADVISE_DEFAULT_MAX_FAR, ADVISE_DEFAULT_MIN_POD, ADVISE_MAX_DAYS } from '../warnings.js';

export { ADVISE_DEFAULT_MAX_FAR, ADVISE_DEFAULT_MIN_POD, ADVISE_MAX_DAYS } from '../warnings.js';

const Fraction = (description: string) => Type.Number({ minimum: 0, maximum: 1, description });

export const AdviseObjective = Type.Union([
  Type.Object(
    {
      kind: Type.Literal('least_warning_at_pod'),
      min_pod: Type.Optional(Fraction(`the least POD (default ${ADVISE_DEFAULT_MIN_POD})`)),
    },
    { additionalProperties: false },
  ),
  Type.Object({ kind: Type.Literal('best_csi') }, { additionalProperties: false }),
  Type.Object(
    {
      kind: Type.Literal('most_lead_at_far'),
      max_far: Type.Optional(Fraction(`the most FAR (default ${ADVISE_DEFAULT_MAX_FAR})`)),
    },
    { additionalProperties: false },
  ),
]);
export type AdviseObjective = Static<typeof AdviseObjective>;

export const AdviseInput = Type.Object(
  {
    location_id: Type.Optional(Id),
    shape: Type.Optional(GeometryInput(['Point', 'Polygon'])),
    group_id: Type.Optional(Id),
    from: Time,
    to: Time,
    objective: Type.Optional(AdviseObjective),
  },
  {
    additionalProperties: false,
    description: `exactly one of location_id, shape, group_id; from < to, at most ${ADVISE_MAX_DAYS} days apart`,
  },
);
export type AdviseInput = Static<typeof AdviseInput>;

export const AdviceSet = Type.Object({
  id: Type.String({ description: "stable key, e.g. 'i10-m20-o30-ac30-n1' (+ '-p' when predicted)" }),
  rings: Type.Array(Ring),
  predicted: Type.Boolean({ description: 'with predicted warnings from storm cells' }),
  pod: Nullable(Type.Number()),
  far: Nullable(Type.Number()),
  csi: Nullable(Type.Number()),
  hits: Type.Integer(),
  false_alarms: Type.Integer(),
  median_lead_time_min: Nullable(Type.Number()),
  warning_minutes: Type.Number({
    description: 'total minutes at level ≥ 2 that began in the window (clipped to it)',
  }),
  on_front: Type.Boolean(),
  current: Type.Boolean(),
});
export type AdviceSet = Static<typeof AdviceSet>;

/** A code the screen translates, with its parameters: a recommendation, or why a job failed. */
export const AdviseCode = CodeWithParams;
export type AdviseCode = CodeWithParams;

export const AdviseSite = Type.Object({
  location_id: Nullable(Type.Integer({ description: 'null for a shape' })),
  name: Nullable(Type.String()),
  name_en: Nullable(Type.String()),
  strokes: Type.Integer({ description: 'strokes replayed' }),
  event_definition: Type.Object({
    radius_km: Type.Number(),
    gap_min: Type.Number(),
  }),
  events: Type.Integer(),
  sets: Type.Array(AdviceSet),
  current_set_id: Type.String({ description: "the site's current rules, always one of `sets`" }),
  front: Type.Array(Type.String(), {
    description: 'Pareto front ids (max POD vs min warning_minutes), by warning_minutes',
  }),
  recommended_set_id: Nullable(Type.String({ description: 'null when no set meets the objective' })),
  recommendation: AdviseCode,
});
export type AdviseSite = Static<typeof AdviseSite>;

/** A site of a group's advice deleted after the advice was asked for: left out of it. */
export const AdviseSkippedSite = Type.Object({
  location_id: Type.Integer(),
  name: Nullable(Type.String()),
  name_en: Nullable(Type.String()),
});
export type AdviseSkippedSite = Static<typeof AdviseSkippedSite>;

export const AdviseResult = Type.Object({
  from: Time,
  to: Time,
  objective: AdviseObjective,
  sites: Type.Array(AdviseSite),
  /** A group's sites deleted since the advice was asked for (none in results made before this was kept). */
  skipped: Type.Optional(Type.Array(AdviseSkippedSite)),
});
export type AdviseResult = Static<typeof AdviseResult>;

export const ADVISE_JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;

export const AdviseJob = Type.Object({
  id: Type.String(),
  status: Type.Enum(ADVISE_JOB_STATUSES),
  progress: Type.Object({
    done: Type.Integer({ minimum: 0 }),
    total: Type.Integer({ minimum: 0 }),
  }),
  error: Nullable(AdviseCode),
  input: AdviseInput,
  created_at: Time,
  finished_at: Nullable(Time),
  result: Nullable(AdviseResult),
});
export type AdviseJob = Static<typeof AdviseJob>;

export const AdviseApplyInput = Type.Object(
  { location_id: Id, set_id: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);
export type AdviseApplyInput = Static<typeof AdviseApplyInput>;

export const ADVISE_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
