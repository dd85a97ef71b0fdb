import { type Static, Type } from 'typebox';
import { WEATHER_WARNING_LEVELS } from '../weather-warning-levels.js';
import { Nullable } from './kit.js';

export { WEATHER_WARNING_LEVELS, type WeatherWarningLevel } from '../weather-warning-levels.js';

/**
 * Official weather warnings ingested as OASIS CAP 1.2 (`POST /api/ingest/cap`), listed for the maps and the
 * board, exported again as CAP and as an Atom feed.
 */

/** CMA warning kinds (气象灾害预警信号), `other` for any other event. */
export const WEATHER_WARNING_KINDS = [
  'typhoon',
  'rainstorm',
  'snowstorm',
  'cold_wave',
  'gale',
  'sandstorm',
  'heat',
  'drought',
  'lightning',
  'hail',
  'frost',
  'fog',
  'haze',
  'road_icing',
  'other',
] as const;
export type WeatherWarningKind = (typeof WEATHER_WARNING_KINDS)[number];

/** CMA colours, weakest first. */

export const CAP_MSG_TYPES = ['Alert', 'Update', 'Cancel', 'Ack', 'Error'] as const;
export const CAP_STATUSES = ['Actual', 'Exercise', 'System', 'Test', 'Draft'] as const;

const Enum = <const T extends string[]>(values: readonly [...T], description?: string) =>
  Type.Enum(values, description ? { description } : {});

export const WeatherWarningKindSchema = Enum(WEATHER_WARNING_KINDS);
export const WeatherWarningLevelSchema = Enum(WEATHER_WARNING_LEVELS);

export const CapIngestQuery = Type.Object({}, { additionalProperties: false });

export const CapIngestOutcome = Type.Object({
  identifier: Nullable(Type.String()),
  sender: Nullable(Type.String()),
  outcome: Enum(
    ['accepted', 'updated', 'cancelled', 'refused'],
    'accepted: a new warning; updated: it supersedes the warnings it references (or repeats one stored); ' +
      'cancelled: it closes the warnings it references; refused: see reason',
  ),
  id: Nullable(Type.Integer({ description: 'The stored warning' })),
  reason: Nullable(Type.String()),
});
export type CapIngestOutcome = Static<typeof CapIngestOutcome>;

export const CapIngestResult = Type.Object({
  format: Enum(['alert', 'atom', 'rss']),
  alerts: Type.Array(CapIngestOutcome),
});
export type CapIngestResult = Static<typeof CapIngestResult>;

const Bool = Enum(['1', '0', 'true', 'false']);

export const WeatherWarningQuery = Type.Object(
  {
    active: Type.Optional(Bool),
    bbox: Type.Optional(
      Type.String({
        pattern: '^-?[0-9.]+,-?[0-9.]+,-?[0-9.]+,-?[0-9.]+$',
        description:
          'minLon,minLat,maxLon,maxLat: warnings whose area reaches into it (geocode-only ones never)',
      }),
    ),
    kind: Type.Optional(WeatherWarningKindSchema),
  },
  { additionalProperties: false },
);
export type WeatherWarningQuery = Static<typeof WeatherWarningQuery>;

export const WeatherWarningIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 }) });
export type WeatherWarningIdParams = Static<typeof WeatherWarningIdParams>;

export const AreaGeometry = Type.Object({
  type: Type.Literal('MultiPolygon'),
  coordinates: Type.Array(Type.Array(Type.Array(Type.Array(Type.Number())))),
});

export const WeatherWarning = Type.Object({
  id: Type.Integer(),
  identifier: Type.String(),
  sender: Type.String(),
  sent: Type.String({ format: 'date-time' }),
  msgType: Enum(CAP_MSG_TYPES),
  status: Enum(CAP_STATUSES),
  kind: WeatherWarningKindSchema,
  level: WeatherWarningLevelSchema,
  event: Type.String(),
  headline: Nullable(Type.String()),
  description: Nullable(Type.String()),
  language: Type.String({
    description: 'Of event, headline and description: zh first, else en, else the first',
  }),
  onset: Nullable(Type.String({ format: 'date-time' })),
  expires: Nullable(Type.String({ format: 'date-time' })),
  closedAt: Nullable(Type.String({ format: 'date-time' })),
  closedReason: Nullable(Enum(['superseded', 'cancelled', 'expired'])),
  supersededBy: Nullable(Type.Integer()),
  area: Nullable(AreaGeometry),
  geocodes: Type.Array(Type.String(), {
    description: '`valueName=value`; GB/T 2260 codes also in adminCodes',
  }),
  adminCodes: Type.Array(Type.String(), { description: 'GB/T 2260 six-digit administrative division codes' }),
});
export type WeatherWarning = Static<typeof WeatherWarning>;

export const WeatherWarningList = Type.Object({ warnings: Type.Array(WeatherWarning) });
export type WeatherWarningList = Static<typeof WeatherWarningList>;

export const WeatherWarningFeedQuery = Type.Object(
  {
    group_id: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1, description: 'Admins: another group' }),
    ),
  },
  { additionalProperties: false },
);
export type WeatherWarningFeedQuery = Static<typeof WeatherWarningFeedQuery>;

export const WeatherWarningAlarmQuery = Type.Object(
  {
    active: Type.Optional(Bool),
    group_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 })),
  },
  { additionalProperties: false },
);
export type WeatherWarningAlarmQuery = Static<typeof WeatherWarningAlarmQuery>;

export const WeatherWarningAlarm = Type.Object({
  id: Type.Integer(),
  warningId: Type.Integer(),
  kind: WeatherWarningKindSchema,
  level: WeatherWarningLevelSchema,
  event: Type.String(),
  headline: Nullable(Type.String()),
  expires: Nullable(Type.String({ format: 'date-time' })),
  locationId: Type.Integer(),
  locationName: Type.String(),
  locationNameEn: Nullable(Type.String()),
  groupId: Type.Integer(),
  raisedAt: Type.String({ format: 'date-time' }),
  clearedAt: Nullable(Type.String({ format: 'date-time' })),
});
export type WeatherWarningAlarm = Static<typeof WeatherWarningAlarm>;

export const WeatherWarningAlarmList = Type.Object({ items: Type.Array(WeatherWarningAlarm) });
export type WeatherWarningAlarmList = Static<typeof WeatherWarningAlarmList>;
