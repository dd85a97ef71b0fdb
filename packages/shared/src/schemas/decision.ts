import { type Static, Type } from 'typebox';
import { Id, Nullable } from './kit.js';
import { Station } from './weather.js';

/**
 * The gale warning screen (`decision`): station winds by Beaufort force with their 1-h trend, and the decision
 * checklists per CMA warning level with each group's ticks per situation.
 */
export const WARNING_LEVELS = ['blue', 'yellow', 'orange', 'red'] as const;
export type WarningLevelName = (typeof WARNING_LEVELS)[number];

const Time = Type.String({ format: 'date-time' });
const Level = Type.Enum(WARNING_LEVELS);

export const StationWindQuery = Type.Object(
  {
    bbox: Type.Optional(Type.String({ maxLength: 200, description: 'west,south,east,north (degrees)' })),
    max_age_min: Type.Optional(Type.Integer({ minimum: 1, maximum: 1440, default: 60 })),
    min_force: Type.Optional(Type.Integer({ minimum: 0, maximum: 17, default: 0 })),
    time: Type.Optional(Type.String({ format: 'date-time', description: 'Default: now' })),
  },
  { additionalProperties: false },
);
export type StationWindQuery = Static<typeof StationWindQuery>;

export const StationWind = Type.Object({
  station: Station,
  time: Time,
  wind_speed: Nullable(Type.Number({ description: 'm/s' })),
  wind_dir: Nullable(Type.Number({ description: 'degrees, from' })),
  wind_gust: Nullable(Type.Number({ description: 'm/s' })),
  force: Nullable(Type.Integer({ minimum: 0, maximum: 17, description: 'Beaufort force of wind_speed' })),
  gust_force: Nullable(Type.Integer({ minimum: 0, maximum: 17 })),
  trend: Nullable(Type.Union([Type.Literal('rising'), Type.Literal('steady'), Type.Literal('falling')])),
  change_ms_per_h: Nullable(Type.Number({ description: 'Least-squares change of wind_speed over the hour' })),
});
export type StationWind = Static<typeof StationWind>;

export const StationWinds = Type.Object({
  time: Time,
  gale_level: Nullable(Level),
  stations: Type.Array(StationWind, { description: 'Strongest first' }),
});
export type StationWinds = Static<typeof StationWinds>;

const ItemText = Type.String({ minLength: 1, maxLength: 200 });

export const ChecklistItem = Type.Object({
  id: Type.Integer(),
  level: Level,
  position: Type.Integer(),
  text_zh: Type.String(),
  text_en: Type.String(),
  updated_at: Time,
});
export type ChecklistItem = Static<typeof ChecklistItem>;

export const ChecklistItems = Type.Object({ items: Type.Array(ChecklistItem) });
export type ChecklistItems = Static<typeof ChecklistItems>;

export const ChecklistItemsQuery = Type.Object(
  { level: Type.Optional(Level) },
  { additionalProperties: false },
);
export type ChecklistItemsQuery = Static<typeof ChecklistItemsQuery>;

export const ChecklistItemInput = Type.Object(
  {
    level: Level,
    position: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
    text_zh: ItemText,
    text_en: ItemText,
  },
  { additionalProperties: false },
);
export type ChecklistItemInput = Static<typeof ChecklistItemInput>;

export const ChecklistItemParams = Type.Object({ id: Id }, { additionalProperties: false });

/**
 * What a tick belongs to: an official warning (`warning:<its id>`) or, with none in force, the gale stations
 * measure on a UTC day (`observed:YYYY-MM-DD`).
 */
export const SITUATION_PATTERN = '^(warning:[1-9][0-9]{0,15}|observed:[0-9]{4}-[0-9]{2}-[0-9]{2})$';
export const Situation = Type.String({ maxLength: 120, pattern: SITUATION_PATTERN });

export const TicksParams = Type.Object({ situation: Situation }, { additionalProperties: false });
export const TickParams = Type.Object({ situation: Situation, item_id: Id }, { additionalProperties: false });

export const ChecklistTick = Type.Object({
  item_id: Type.Integer(),
  ticked_by: Type.Object({ id: Nullable(Type.Integer()), name: Type.String() }),
  ticked_at: Time,
});
export type ChecklistTick = Static<typeof ChecklistTick>;

export const ChecklistTicks = Type.Object({ situation: Type.String(), ticks: Type.Array(ChecklistTick) });
export type ChecklistTicks = Static<typeof ChecklistTicks>;
