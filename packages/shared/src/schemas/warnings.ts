import { type Static, Type } from 'typebox';
import { ALARM_KINDS } from '../alarm-kinds.js';
import { LEVELS, RING_LEVELS } from '../warnings.js';
import { Id, Nullable, Paging, pageOf } from './kit.js';
import { WeatherWarningKindSchema, WeatherWarningLevelSchema } from './weather-warning.js';

/** Live warnings: the warning state of each location, the alarms someone must confirm, warning skill. */

const Time = Type.String({ format: 'date-time' });

export const Level = Type.Enum(LEVELS, {
  type: 'integer',
  description: '3 red, 2 orange, 1 yellow, 0 clear',
});
export const RingLevel = Type.Enum(RING_LEVELS, {
  type: 'integer',
  description: '3 red, 2 orange, 1 yellow',
});

/** A group's scope for group-wide lists: admins may name another group. */
export const GroupQuery = Type.Object({ group_id: Type.Optional(Id) }, { additionalProperties: false });

/** Strokes counted for one ring: in the last 15 minutes and in the current alert episode. */
export const RingCount = Type.Object({
  radius_km: Type.Number(),
  level: RingLevel,
  last_15_min: Type.Integer(),
  episode: Type.Integer(),
  active: Type.Boolean({ description: 'Whether the ring is active now' }),
});
export type RingCount = Static<typeof RingCount>;

export const ApproachStatus = Type.Enum(['approaching', 'moving_away', 'stationary', 'unknown']);
export type ApproachStatus = Static<typeof ApproachStatus>;

/** Storm approach estimated from the tracks of the recent flash clusters near the location. */
export const Approach = Type.Object({
  status: ApproachStatus,
  direction_deg: Nullable(
    Type.Number({ description: 'Where the storm moves to, degrees clockwise from north' }),
  ),
  speed_kmh: Nullable(Type.Number()),
  rings: Type.Array(
    Type.Object({
      radius_km: Type.Number(),
      eta_min: Nullable(
        Type.Number({
          description:
            'Minutes until the storm front reaches the ring (null: it is not expected to; 0: already inside)',
        }),
      ),
    }),
  ),
});
export type Approach = Static<typeof Approach>;

/** The storm cell a predicted alarm was raised for, as it was then. */
export const PredictedBy = Type.Object({
  cell_id: Type.String(),
  reason: Type.Union([Type.Literal('jump'), Type.Literal('nowcast')], {
    description:
      'jump: a lightning jump within the range; nowcast: an active cell whose +30 min nowcast reaches the location',
  }),
  distance_km: Type.Number({ description: "From the location to the cell's outline" }),
  bearing_deg: Type.Number({ description: "From the location to the cell's centroid, clockwise from north" }),
  direction_deg: Nullable(Type.Number({ description: 'Where the cell moves to (null: motion unknown)' })),
  speed_kmh: Nullable(Type.Number()),
});
export type PredictedBy = Static<typeof PredictedBy>;

/** The live warning state of one location (GET /api/warning, socket `warning`). */
export const WarningItem = Type.Object({
  location_id: Type.Integer(),
  name: Type.String(),
  name_en: Nullable(Type.String({ description: 'The English name, null where it has none' })),
  level: Level,
  predicted: Type.Boolean({
    description:
      'Whether `level` is a predicted warning (a lightning jump in range, or a cell nowcast to reach the location) rather than a ring that fired',
  }),
  source: Type.Optional(
    Nullable(
      Type.Union([Type.Literal('rings'), Type.Literal('predicted'), Type.Literal('efm')], {
        description:
          'What the level comes from: the rings, a predicted warning, or the field mills of the location (`efm`, also `predicted`: an early warning); null while clear',
      }),
    ),
  ),
  since: Nullable(
    Type.String({
      format: 'date-time',
      description: 'When the current level began (null while clear and never warned since start)',
    }),
  ),
  nearest_km: Nullable(
    Type.Number({
      description: 'Distance (and bearing, from the location) of the nearest stroke in the episode',
    }),
  ),
  bearing_deg: Nullable(Type.Number()),
  counts: Type.Array(RingCount),
  all_clear_at: Nullable(
    Type.String({
      format: 'date-time',
      description: 'When the location will be all-clear if no further stroke counts (null while clear)',
    }),
  ),
  approach: Nullable(Approach),
  alert_id: Nullable(Type.Integer()),
  unconfirmed_alarms: Type.Integer(),
});
export type WarningItem = Static<typeof WarningItem>;

export const WarningList = Type.Object({ items: Type.Array(WarningItem) });
export type WarningList = Static<typeof WarningList>;

/** A level rise someone must confirm. */
/** Every kind of alarm (`ALARM_KINDS` in alarm-kinds.ts). */
export const AlarmKindSchema = Type.Enum(ALARM_KINDS);

/**
 * What a site alarm is about, as its area knows it when the alarm is read (a storm's names, a station's, the
 * warning life's newest message): stored facts keep ids, names are looked up, so a renamed station or a
 * warning's update reads as it is now.
 */
export const AlarmAbout = Type.Object({
  name: Nullable(
    Type.String({
      description:
        "The subject's name: a station's, a storm's English name (or its key), an aircraft's callsign (or " +
        "ICAO address), a warning's headline (or event)",
    }),
  ),
  name_zh: Nullable(
    Type.String({
      description:
        "Its Chinese name where the source gives one (storms; a station's own name when it also has an English one)",
    }),
  ),
  warning: Nullable(
    Type.Object(
      {
        kind: WeatherWarningKindSchema,
        colour: WeatherWarningLevelSchema,
        event: Type.String(),
        headline: Nullable(Type.String()),
        expires: Nullable(Time),
      },
      { description: "A weather warning alarm's message: its life's newest" },
    ),
  ),
});
export type AlarmAbout = Static<typeof AlarmAbout>;

export const Alarm = Type.Object({
  id: Type.Integer(),
  kind: AlarmKindSchema,
  alert_id: Nullable(
    Type.Integer({ description: 'The ring alert behind a lightning alarm; null for other kinds' }),
  ),
  location_id: Type.Integer(),
  location_name: Type.String(),
  location_name_en: Nullable(
    Type.String({ description: "The location's English name, null where it has none" }),
  ),
  group_id: Type.Integer(),
  level: RingLevel,
  previous_level: Nullable(
    Type.Enum([0, 1, 2], { type: 'integer', description: 'The level a lightning alarm rose from' }),
  ),
  subject: Nullable(
    Type.String({
      description:
        'What a site alarm is about (`station:<id>`, `storm:<id>`, `aircraft:<icao24>`, `life:<key>`)',
    }),
  ),
  created_at: Time,
  cleared_at: Nullable(Time),
  nearest_km: Nullable(Type.Number({ description: 'Nearest stroke of the triggering moment' })),
  bearing_deg: Nullable(Type.Number()),
  confirmed_at: Nullable(Time),
  confirmed_by: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  note: Nullable(Type.String()),
  predicted_by: Type.Union([PredictedBy, Type.Null()], {
    description: 'Set when the alarm is a predicted warning: the cell behind it',
  }),
  facts: Nullable(
    Type.Record(Type.String(), Type.Unknown(), {
      description:
        'What a site alarm knows, by its kind (`SiteAlarmFacts` in alarm-kinds.ts); null for lightning',
    }),
  ),
  about: Type.Union([AlarmAbout, Type.Null()], {
    description: 'Null for lightning, and where the subject is gone',
  }),
});
export type AlarmDto = Static<typeof Alarm>;

export const AlarmPage = pageOf(Alarm);
export type AlarmPage = Static<typeof AlarmPage>;

export const AlarmQuery = Type.Object(
  {
    group_id: Type.Optional(Id),
    confirmed: Type.Optional(Type.Boolean()),
    level: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
    location_id: Type.Optional(Id),
    from: Type.Optional(Type.String({ format: 'date-time', description: 'created at or after' })),
    to: Type.Optional(Type.String({ format: 'date-time', description: 'created before' })),
    kind: Type.Optional(
      Type.Array(Type.Union([AlarmKindSchema, Type.Literal('all')]), {
        minItems: 1,
        maxItems: ALARM_KINDS.length + 1,
        description: 'One kind, several (`kind=wave&kind=typhoon`), or all (default lightning)',
      }),
    ),
    open: Type.Optional(
      Type.Boolean({
        description:
          'true: site alarms whose condition holds now (not cleared); false: cleared ones. A lightning alarm is ' +
          'never cleared (its ring level is in /api/warning)',
      }),
    ),
    ...Paging,
  },
  { additionalProperties: false },
);

export const AlarmConfirmInput = Type.Object(
  { id: Id, note: Type.Optional(Type.String({ maxLength: 1000 })) },
  { additionalProperties: false },
);
export type AlarmConfirmInput = Static<typeof AlarmConfirmInput>;

/** The definition warning skill follows (packages/domain/src/warnings/warning-skill.ts), named in every answer. */
export const SKILL_DEFINITION = 'hit_needs_warning_before_first_stroke' as const;

/** Warning sources whose skill can be asked for; more join as cells, field mills and forecasts land. */
export const SkillSource = Type.Union([Type.Literal('rings')], {
  description: 'Which warnings are scored; `rings` (the default) is the only source so far',
});

export const WarningSkillQuery = Type.Object(
  {
    location_id: Id,
    from: Time,
    to: Time,
    source: Type.Optional(SkillSource),
  },
  { additionalProperties: false },
);

/** GET /api/warning/skill; docs/api.md defines events, hits, misses and the scores. */
export const WarningSkill = Type.Object({
  location_id: Type.Integer(),
  from: Time,
  to: Time,
  events: Type.Integer({
    description: 'Strokes inside the innermost ring, grouped into storm events (gap > all-clear)',
  }),
  hits: Type.Integer({ description: 'Events whose first stroke fell inside a warning that began before it' }),
  failures_to_warn: Type.Integer({
    description: 'Events whose first stroke raised the warning itself, or fell outside every warning',
  }),
  misses: Type.Integer({ description: 'The same as failures_to_warn (its earlier name)' }),
  false_alarms: Type.Integer(),
  pod: Nullable(Type.Number()),
  far: Nullable(Type.Number()),
  csi: Nullable(Type.Number()),
  median_lead_time_min: Nullable(Type.Number()),
  lead_time_p25_min: Nullable(Type.Number()),
  lead_time_p75_min: Nullable(Type.Number()),
  median_time_to_clear_min: Nullable(Type.Number()),
  false_alarm_minutes: Type.Number(),
  source: SkillSource,
  definition: Type.Literal(SKILL_DEFINITION, {
    description: 'A hit needs a warning that began before the event’s first inner stroke (docs/api.md)',
  }),
});
export type WarningSkill = Static<typeof WarningSkill>;
