import { type Static, Type } from 'typebox';
import { Id, Nullable } from './kit.js';
import { RegionCode } from './regions.js';

/**
 * Lightning statistics (`/api/statistics/…`, the `statistic` screen): read from the hourly rollups per region
 * and per 0.1° cell, for an area and a period of whole local days of one time zone (`time_zone`, else the
 * deployment's `TIME_ZONE`).
 */

export const STATS_AREAS = ['province', 'city', 'zone', 'location', 'circle', 'bbox'] as const;
export type StatsArea = (typeof STATS_AREAS)[number];
export const STATS_INTERVALS = ['hour', 'day', 'month'] as const;
export type StatsInterval = (typeof STATS_INTERVALS)[number];

/** The longest period a statistic covers (ten years), and the longest hourly series (31 days). */
export const STATS_MAX_DAYS = 3653;
export const STATS_MAX_HOUR_DAYS = 31;
/** The hour × day heatmap is given for periods up to a year. */
export const STATS_MAX_HEATMAP_DAYS = 366;
export const STATS_MAX_RADIUS_KM = 200;
export const STATS_DEFAULT_RADIUS_KM = 10;

const Day = Type.String({
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
  description: 'Local date YYYY-MM-DD in time_zone',
});

/** The zone whose days, hours of day and months a request counts. */
export const TimeZoneParam = Type.Optional(
  Type.String({
    minLength: 1,
    maxLength: 64,
    description:
      'IANA time zone whose days, hours of day and months are counted (default: the deployment’s, TIME_ZONE); ' +
      'zones offset from UTC by a fraction of an hour (Asia/Kolkata) are refused with 400',
  }),
);

export const StatsAreaQuery = {
  area: Type.Enum(STATS_AREAS, {
    description:
      'province / city (`code`), zone (`zone_id`), location (`location_id`; a point site stands for a circle of ' +
      '`radius_km`), circle (`lat`, `lon`, `radius_km`), bbox (`bbox`)',
  }),
  code: Type.Optional(RegionCode),
  zone_id: Type.Optional(Id),
  location_id: Type.Optional(Id),
  lat: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
  lon: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
  radius_km: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: STATS_MAX_RADIUS_KM })),
  bbox: Type.Optional(
    Type.String({ maxLength: 100, description: 'west,south,east,north in degrees (at most 20° × 20°)' }),
  ),
  from: Day,
  to: { ...Day, description: `Local date YYYY-MM-DD, inclusive; at most ${STATS_MAX_DAYS} days after from` },
  time_zone: TimeZoneParam,
  group_id: Type.Optional(Id),
};

export const StatsQuery = Type.Object(StatsAreaQuery, { additionalProperties: false });
export type StatsQuery = Static<typeof StatsQuery>;

export const StatsSeriesQuery = Type.Object(
  { ...StatsAreaQuery, interval: Type.Enum(STATS_INTERVALS, { default: 'day' }) },
  { additionalProperties: false },
);
export type StatsSeriesQuery = Static<typeof StatsSeriesQuery>;

export const StatsRegionsQuery = Type.Object(
  {
    level: Type.Enum(['province', 'city'] as const, { default: 'province' }),
    province: Type.Optional(RegionCode),
    from: Day,
    to: Day,
    time_zone: TimeZoneParam,
  },
  { additionalProperties: false },
);
export type StatsRegionsQuery = Static<typeof StatsRegionsQuery>;

const Both = { name_zh: Type.String(), name_en: Type.String() };

export const StatsAreaInfo = Type.Object({
  kind: Type.Enum(STATS_AREAS),
  code: Nullable(Type.String()),
  name: Nullable(Type.String()),
  name_zh: Nullable(Type.String()),
  name_en: Nullable(Type.String()),
  area_km2: Type.Number(),
  cells: Nullable(Type.Integer({ description: '0.1° cells standing for the area (null: a region)' })),
});
export type StatsAreaInfo = Static<typeof StatsAreaInfo>;

const Counted = Type.String({ description: 'The IANA time zone whose days were counted' });
const Period = { area: StatsAreaInfo, from: Day, to: Day, days: Type.Integer(), time_zone: Counted };

export const StatsSummary = Type.Object({
  ...Period,
  strokes: Type.Integer(),
  cg: Type.Integer(),
  ic: Type.Integer(),
  cg_pos: Type.Integer(),
  cg_neg: Type.Integer(),
  ic_pos: Type.Integer(),
  ic_neg: Type.Integer(),
  flashes: Type.Integer(),
  cg_flashes: Type.Integer(),
  mean_abs_ka: Nullable(Type.Number()),
  max_abs_ka: Nullable(Type.Number()),
  first_time: Nullable(Type.String({ format: 'date-time' })),
  last_time: Nullable(Type.String({ format: 'date-time' })),
  thunderstorm_days: Type.Integer(),
  thunderstorm_days_per_year: Nullable(Type.Number()),
  ng: Nullable(Type.Number({ description: 'CG flashes per km² per year' })),
  active_days: Type.Integer({ description: 'Days with at least one stroke' }),
});
export type StatsSummary = Static<typeof StatsSummary>;

export const StatsSeriesItem = Type.Object({
  t: Type.String({
    description:
      'Hour (its start, an ISO instant), or local day (YYYY-MM-DD) or month (YYYY-MM) in time_zone',
  }),
  strokes: Type.Integer(),
  cg: Type.Integer(),
  ic: Type.Integer(),
  flashes: Nullable(Type.Integer({ description: 'Flashes counted at their earliest stroke' })),
  cg_flashes: Nullable(Type.Integer()),
  cg_pos: Nullable(Type.Integer()),
  cg_neg: Nullable(Type.Integer()),
  ic_pos: Nullable(Type.Integer()),
  ic_neg: Nullable(Type.Integer()),
});
export type StatsSeriesItem = Static<typeof StatsSeriesItem>;

export const StatsSeries = Type.Object({
  ...Period,
  interval: Type.Enum(STATS_INTERVALS),
  items: Type.Array(StatsSeriesItem),
});
export type StatsSeries = Static<typeof StatsSeries>;

export const StatsClimatology = Type.Object({
  ...Period,
  hours: Type.Array(Type.Object({ hour: Type.Integer(), strokes: Type.Integer(), cg: Type.Integer() }), {
    description: 'Per local hour of the day in time_zone',
  }),
  months: Type.Array(
    Type.Object({
      month: Type.Integer(),
      strokes: Type.Integer(),
      cg: Type.Integer(),
      years: Type.Integer(),
    }),
  ),
  heatmap: Nullable(
    Type.Object(
      {
        days: Type.Array(Day),
        values: Type.Array(Type.Array(Type.Integer()), { description: '[day index, local hour, strokes]' }),
      },
      { description: `Strokes per local day × hour (null beyond ${STATS_MAX_HEATMAP_DAYS} days)` },
    ),
  ),
});
export type StatsClimatology = Static<typeof StatsClimatology>;

export const StatsPeakCurrent = Type.Object({
  ...Period,
  buckets: Type.Array(
    Type.Object({ from_ka: Type.Number(), to_ka: Nullable(Type.Number()), strokes: Type.Integer() }),
  ),
  multiplicity: Type.Array(Type.Object({ multiplicity: Type.String(), strokes: Type.Integer() })),
  mean_abs_ka: Nullable(Type.Number()),
  max_abs_ka: Nullable(Type.Number()),
  cg_pos: Type.Integer(),
  cg_neg: Type.Integer(),
  ic_pos: Type.Integer(),
  ic_neg: Type.Integer(),
});
export type StatsPeakCurrent = Static<typeof StatsPeakCurrent>;

/** The longest period the storm-direction rose reads (cell tracks are many rows). */
export const STORM_ROSE_MAX_DAYS = 92;

export const StatsStormDirections = Type.Object({
  ...Period,
  storms: Type.Integer({
    description: 'Cell tracks of at least 20 min that moved at least 5 km in the area',
  }),
  sectors: Type.Array(
    Type.Object({
      from_deg: Type.Number(),
      to_deg: Type.Number(),
      storms: Type.Integer(),
      mean_speed_kmh: Nullable(Type.Number()),
    }),
    { description: '16 sectors of where storms moved to, clockwise from north (the first centred on north)' },
  ),
});
export type StatsStormDirections = Static<typeof StatsStormDirections>;

export const StatsThunderstormDays = Type.Object({
  ...Period,
  thunderstorm_days: Type.Integer(),
  per_year: Nullable(Type.Number()),
  by_year: Type.Array(Type.Object({ year: Type.Integer(), days: Type.Integer(), covered: Type.Integer() })),
  dates: Type.Array(Type.Object({ date: Day, cg: Type.Integer() })),
});
export type StatsThunderstormDays = Static<typeof StatsThunderstormDays>;

export const StatsNg = Type.Object({
  ...Period,
  cell_deg: Type.Number(),
  ng: Nullable(Type.Number({ description: 'Over the whole area' })),
  max_ng: Type.Number(),
  cells: Type.Array(
    Type.Object({
      lat: Type.Number({ description: 'South edge' }),
      lon: Type.Number({ description: 'West edge' }),
      cg_flashes: Type.Integer(),
      ng: Type.Number(),
    }),
  ),
});
export type StatsNg = Static<typeof StatsNg>;

export const StatsRegions = Type.Object({
  level: Type.Enum(['province', 'city'] as const),
  from: Day,
  to: Day,
  time_zone: Counted,
  items: Type.Array(
    Type.Object({
      code: Type.String(),
      ...Both,
      area_km2: Type.Number(),
      strokes: Type.Integer(),
      cg: Type.Integer(),
      cg_flashes: Type.Integer(),
      ng: Nullable(Type.Number()),
      thunderstorm_days: Type.Integer(),
    }),
  ),
});
export type StatsRegions = Static<typeof StatsRegions>;

export const StatsAlertsQuery = Type.Object(
  {
    from: Day,
    to: Day,
    time_zone: TimeZoneParam,
    location_id: Type.Optional(Id),
    group_id: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type StatsAlertsQuery = Static<typeof StatsAlertsQuery>;

export const StatsAlerts = Type.Object({
  from: Day,
  to: Day,
  time_zone: Counted,
  items: Type.Array(
    Type.Object({
      location_id: Type.Integer(),
      location_name: Type.String(),
      location_name_en: Nullable(Type.String()),
      episodes: Type.Integer(),
      yellow: Type.Integer({ description: 'Episodes whose peak level was 1' }),
      orange: Type.Integer({ description: '… 2' }),
      red: Type.Integer({ description: '… 3' }),
      total_min: Type.Number({
        description: 'Minutes under warning (an open episode counts up to now or to)',
      }),
      days: Type.Integer({ description: 'Local days (time_zone) on which an episode began' }),
    }),
  ),
});
export type StatsAlerts = Static<typeof StatsAlerts>;
