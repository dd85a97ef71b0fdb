import { type Static, Type } from 'typebox';
import { Id, Nullable, Paging, pageOf } from './kit.js';
import { StrokeType } from './lightning.js';
import { Level, RingLevel } from './warnings.js';

/** Alert history: the episodes of a location from first trigger to all-clear, and level rises per hour. */

const Time = Type.String({ format: 'date-time' });

/** The stroke that started an episode, with its distance from the location. */
export const AlertStroke = Type.Object({
  time: Type.String(),
  lat: Type.Number(),
  lon: Type.Number(),
  peak_ka: Type.Number(),
  type: StrokeType,
  distance_km: Type.Number(),
});
export type AlertStroke = Static<typeof AlertStroke>;

/** One alert episode of a location: from first trigger to all-clear. */
export const Alert = Type.Object({
  id: Type.Integer(),
  location_id: Type.Integer(),
  location_name: Type.String(),
  location_name_en: Nullable(
    Type.String({ description: "The location's English name, null where it has none" }),
  ),
  group_id: Type.Integer(),
  started_at: Time,
  ended_at: Nullable(Type.String({ format: 'date-time', description: 'null while the episode goes on' })),
  peak_level: RingLevel,
  first_stroke: Nullable(AlertStroke),
  nearest_km: Nullable(Type.Number()),
  ring_counts: Type.Array(
    Type.Object({
      radius_km: Type.Number(),
      level: RingLevel,
      strokes: Type.Integer(),
      first_at: Type.Optional(
        Type.String({ format: 'date-time', description: "the ring's first counted stroke in the episode" }),
      ),
    }),
  ),
  warned_before_first_inner: Nullable(
    Type.Boolean({
      description:
        'Whether a warning (level ≥ 2) began before the first stroke counted in the innermost ring; null when ' +
        'that ring counted none (episodes recorded before this was kept also answer null)',
    }),
  ),
  lead_time_min: Nullable(
    Type.Number({
      description: 'Minutes from that warning to the first innermost stroke, when warned before',
    }),
  ),
  predicted: Type.Boolean({
    description:
      'Whether the episode began as a predicted warning (a lightning jump or a cell nowcast), before any ring fired',
  }),
  ring_at: Nullable(
    Type.String({
      format: 'date-time',
      description:
        'When a ring first fired in the episode (its start, unless predicted); null while none has',
    }),
  ),
  predicted_lead_min: Nullable(
    Type.Number({ description: 'For a predicted episode: minutes from its start to the first ring' }),
  ),
  timeline: Type.Array(
    Type.Object({
      at: Type.String(),
      level: Level,
      predicted: Type.Optional(Type.Boolean({ description: 'true: the level is a predicted one' })),
    }),
  ),
});
export type AlertDto = Static<typeof Alert>;

export const AlertPage = pageOf(Alert);
export type AlertPage = Static<typeof AlertPage>;

export const AlertQuery = Type.Object(
  {
    group_id: Type.Optional(Id),
    location_id: Type.Optional(Id),
    peak_level: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
    open: Type.Optional(Type.Boolean({ description: 'true: still going on; false: ended' })),
    predicted: Type.Optional(
      Type.Boolean({ description: 'true: episodes that began predicted; false: those a ring began' }),
    ),
    from: Type.Optional(Type.String({ format: 'date-time', description: 'started at or after' })),
    to: Type.Optional(Type.String({ format: 'date-time', description: 'started before' })),
    format: Type.Optional(
      Type.Union([Type.Literal('json'), Type.Literal('csv'), Type.Literal('xlsx')], {
        description: 'json (a page), csv or xlsx (every matching episode, at most 100,000)',
      }),
    ),
    lang: Type.Optional(
      Type.Union([Type.Literal('en'), Type.Literal('zh-Hans')], {
        description: 'Language of the XLSX headers and words (default: both, "中文 / English")',
      }),
    ),
    time_zone: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: "IANA zone whose wall-clock times the XLSX shows (default: the deployment's, TIME_ZONE)",
      }),
    ),
    ...Paging,
  },
  { additionalProperties: false },
);

/** JSON `{items, total}` or, with `format=csv`, a CSV file (XLSX, a binary body, is sent as it is). */
export const AlertHistory = Type.Union([
  AlertPage,
  Type.String(),
  Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary' }),
]);

/** An alert as an OASIS CAP 1.2 message, `application/cap+xml`. */
export const CapMessage = Type.String();

export const HourlyWarningQuery = Type.Object(
  {
    from: Type.Optional(Type.String({ format: 'date-time' })),
    to: Type.Optional(Type.String({ format: 'date-time' })),
    location_id: Type.Optional(Id),
    group_id: Type.Optional(Id),
  },
  { additionalProperties: false },
);

/** GET /api/hourly_warning: level rises per hour, by level and location. */
export const HourlyWarningRow = Type.Object({
  hour: Time,
  location_id: Type.Integer(),
  level: RingLevel,
  count: Type.Integer(),
});
export type HourlyWarningRow = Static<typeof HourlyWarningRow>;

export const HourlyWarnings = Type.Object({ items: Type.Array(HourlyWarningRow) });
export type HourlyWarnings = Static<typeof HourlyWarnings>;
