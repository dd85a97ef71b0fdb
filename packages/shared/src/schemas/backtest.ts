import { type Static, Type } from 'typebox';
import { AlertStroke } from './alerts.js';
import { GeometryInput } from './geo.js';
import { Id, Nullable } from './kit.js';
import { Ring, RingInput } from './locations.js';
import { Level, RingLevel, SKILL_DEFINITION } from './warnings.js';

/** POST /api/warning/backtest: stored strokes replayed through the warning rules (docs/api.md). */

const Time = Type.String({ format: 'date-time' });

/** The longest range one backtest replays. */
export const BACKTEST_MAX_DAYS = 31;

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
      Type.Boolean({ description: 'also replay predicted warnings (not available yet: answers 400)' }),
    ),
    from: Time,
    to: Time,
  },
  { additionalProperties: false },
);
export type BacktestInput = Static<typeof BacktestInput>;

export const BacktestStep = Type.Object({
  time: Time,
  level: Level,
  ring_km: Nullable(Type.Number({ description: 'the ring holding the level (null at 0)' })),
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
  timeline: Type.Array(Type.Object({ at: Time, level: Level })),
});
export type BacktestAlert = Static<typeof BacktestAlert>;

export const BacktestSkill = Type.Object({
  events: Type.Integer(),
  hits: Type.Integer(),
  failures_to_warn: Type.Integer(),
  misses: Type.Integer(),
  false_alarms: Type.Integer(),
  pod: Nullable(Type.Number()),
  far: Nullable(Type.Number()),
  csi: Nullable(Type.Number()),
  median_lead_time_min: Nullable(Type.Number()),
  lead_time_p25_min: Nullable(Type.Number()),
  lead_time_p75_min: Nullable(Type.Number()),
  median_time_to_clear_min: Nullable(Type.Number()),
  false_alarm_minutes: Type.Number(),
  definition: Type.Literal(SKILL_DEFINITION),
});
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
  strokes: Type.Integer({ description: 'strokes replayed (warm-up and follow-up included)' }),
  level_at_from: Level,
  timeline: Type.Array(BacktestStep),
  alerts: Type.Array(BacktestAlert),
  skill: BacktestSkill,
});
export type BacktestResult = Static<typeof BacktestResult>;
