import { type Static, Type } from 'typebox';
import { INDICATOR_IDS } from '../indicators.js';
import { Id, Nullable } from './kit.js';

const Both = Type.Object({ en: Type.String(), 'zh-Hans': Type.String() });

/** Either query: whose warnings, alarms, devices and deliveries; the local day the stroke counts use. */
const ScopeQuery = {
  group_id: Type.Optional(Id),
  time_zone: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'IANA time zone of "today" (default: the deployment’s, TIME_ZONE)',
    }),
  ),
};

export const IndicatorQuery = Type.Object(
  {
    ...ScopeQuery,
    ids: Type.Optional(
      Type.String({
        maxLength: 400,
        description: `Comma-separated indicator ids (default: all): ${INDICATOR_IDS.join(', ')}`,
      }),
    ),
  },
  { additionalProperties: false },
);
export type IndicatorQuery = Static<typeof IndicatorQuery>;

export const OverviewQuery = Type.Object(ScopeQuery, { additionalProperties: false });
export type OverviewQuery = Static<typeof OverviewQuery>;

export const Indicator = Type.Object({
  id: Type.Enum(INDICATOR_IDS),
  value: Nullable(
    Type.Number({ description: 'Null when it cannot be known (no devices, no deliveries, no data)' }),
  ),
  unit: Type.String(),
  previous: Nullable(Type.Number({ description: 'What the value is compared with (see the definition)' })),
  trend: Nullable(Type.Union([Type.Literal('up'), Type.Literal('down'), Type.Literal('flat')])),
  better: Type.Union([Type.Literal('higher'), Type.Literal('lower'), Type.Literal('neither')]),
  name: Both,
  definition: Both,
});
export type Indicator = Static<typeof Indicator>;

export const IndicatorList = Type.Object({
  time: Type.String({ format: 'date-time' }),
  time_zone: Type.String(),
  items: Type.Array(Indicator),
});
export type IndicatorList = Static<typeof IndicatorList>;

export const DayCount = Type.Object({
  date: Type.String({ description: 'Local date, YYYY-MM-DD' }),
  strokes: Type.Integer(),
  cg: Type.Integer(),
});
export type DayCount = Static<typeof DayCount>;

export const Overview = Type.Object({
  time: Type.String({ format: 'date-time' }),
  time_zone: Type.String(),
  indicators: Type.Array(Indicator),
  warnings_by_level: Type.Object({
    yellow: Type.Integer(),
    orange: Type.Integer(),
    red: Type.Integer(),
    monitored: Type.Integer({ description: 'All monitored locations of the scope' }),
  }),
  devices: Type.Object({ online: Type.Integer(), degraded: Type.Integer(), offline: Type.Integer() }),
  deliveries_24h: Type.Object({
    sent: Type.Integer(),
    failed: Type.Integer(),
    pending: Type.Integer({ description: 'Waiting or being sent now (any age)' }),
  }),
  climatology_years: Type.Integer({ description: 'Years that went into strokes_climatology (0–5)' }),
  trend_7d: Type.Array(DayCount, {
    description: 'The last seven local days, oldest first; today so far last',
  }),
  top_regions: Type.Array(
    Type.Object({
      code: Type.String({ description: 'GB/T 2260 province code' }),
      name_zh: Type.String(),
      name_en: Type.String(),
      strokes: Type.Integer(),
    }),
    {
      description:
        'The provinces with the most strokes today (from the hourly rollups, by whole UTC hours), at most 10',
    },
  ),
});
export type Overview = Static<typeof Overview>;
