import { type Static, Type } from 'typebox';
import { PREDICT_LIMITS } from '../warnings.js';
import { AlertStroke } from './alerts.js';
import { GeometryInput } from './geo.js';
import { Id, Nullable } from './kit.js';
import { Ring, RingInput } from './locations.js';
import { Level, RingLevel, WarningSkill } from './warnings.js';

/** POST /api/warning/backtest: stored strokes replayed through the warning rules (docs/api.md). */

const Time = Type.String({ format: 'date-time' });

/** The longest range one backtest replays. */
export const BACKTEST_MAX_DAYS = 31;

/** The prediction's setting in a request; the service names a value out of range. */
export const BacktestPredictInput = Type.Object(
  {
    range_km: Type.Optional(
      Type.Number({
        description: `how near a jumping cell must come, km (${PREDICT_LIMITS.minRangeKm}–${PREDICT_LIMITS.maxRangeKm})`,
      }),
    ),
    level: Type.Optional(Type.Integer({ description: 'the predicted level, 1–3' })),
  },
  { additionalProperties: false },
);
export type BacktestPredictInput = Static<typeof BacktestPredictInput>;

export const BacktestInput = Type.Object(
  {
    location_id: Type.Optional(Id),
    shape: Type.Optional(GeometryInput(['Point', 'Polygon'])),
    rings: Type.Optional(
      Type.Array(RingInput, {
        description: "the rings to try; default the location's (10/20/30 km for a shape)",
      }),
    ),
    predicted: Type.Optional(
      Type.Boolean({
        description:
          "also replay predicted warnings (lightning jumps and cell nowcasts): the level shown is the higher of the rings' and the prediction's",
      }),
    ),
    predict: Type.Optional(BacktestPredictInput),
    from: Time,
    to: Time,
  },
  { additionalProperties: false },
);
export type BacktestInput = Static<typeof BacktestInput>;

export const BacktestStep = Type.Object({
  time: Time,
  level: Level,
  ring_km: Nullable(
    Type.Number({ description: 'the ring holding the level (null at 0 and when predicted)' }),
  ),
  predicted: Type.Optional(
    Type.Boolean({
      description: "true: a predicted level (a lightning jump or a cell nowcast), above the rings'",
    }),
  ),
});
export type BacktestStep = Static<typeof BacktestStep>;

export const BacktestAlert = Type.Object({
  started_at: Time,
  ended_at: Nullable(
    Type.String({ format: 'date-time', description: 'null: still on where the replay stopped' }),
  ),
  peak_level: RingLevel,
  first_stroke: Nullable(AlertStroke),
  nearest_km: Nullable(Type.Number()),
  ring_counts: Type.Array(
    Type.Object({
      radius_km: Type.Number(),
      level: RingLevel,
      strokes: Type.Integer(),
      first_at: Type.Optional(Time),
    }),
  ),
  warned_before_first_inner: Nullable(Type.Boolean()),
  lead_time_min: Nullable(Type.Number()),
  predicted: Type.Boolean({ description: 'whether a prediction began the episode, before any ring fired' }),
  ring_at: Nullable(
    Type.String({
      format: 'date-time',
      description:
        'when a ring first fired in the episode (its start, unless predicted); null while none has',
    }),
  ),
  predicted_lead_min: Nullable(
    Type.Number({ description: 'for a predicted episode: minutes from its start to the first ring' }),
  ),
  timeline: Type.Array(
    Type.Object({
      at: Time,
      level: Level,
      predicted: Type.Optional(Type.Boolean({ description: 'true: the level is a predicted one' })),
    }),
  ),
});
export type BacktestAlert = Static<typeof BacktestAlert>;

/** The skill of `/api/warning/skill` (same fields and definition), judged on the replayed levels. */
export const BacktestSkill = Type.Omit(WarningSkill, ['source', 'location_id', 'from', 'to']);
export type BacktestSkill = Static<typeof BacktestSkill>;

export const BacktestResult = Type.Object({
  location_id: Nullable(Type.Integer({ description: 'null for a shape' })),
  from: Time,
  to: Time,
  until: Type.String({
    format: 'date-time',
    description: 'how far the replay ran: past `to` while a warning begun before it was still on',
  }),
  rings: Type.Array(Ring),
  predicted: Type.Boolean(),
  predict: Nullable(
    Type.Object(
      {
        range_km: Type.Number(),
        level: RingLevel,
        all_clear_min: Type.Number({
          description: 'how long a prediction holds without a new threat',
        }),
      },
      { description: 'the prediction replayed (null: rings alone)' },
    ),
  ),
  strokes: Type.Integer({ description: 'strokes replayed (warm-up and follow-up included)' }),
  level_at_from: Level,
  timeline: Type.Array(BacktestStep),
  alerts: Type.Array(BacktestAlert),
  skill: BacktestSkill,
});
export type BacktestResult = Static<typeof BacktestResult>;
