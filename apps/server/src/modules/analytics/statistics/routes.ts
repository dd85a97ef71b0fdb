import { errors } from '@thunderwatch/shared/schemas/kit';
import {
  StatsAlerts,
  StatsAlertsQuery,
  StatsClimatology,
  StatsNg,
  StatsPeakCurrent,
  StatsQuery,
  StatsRegions,
  StatsRegionsQuery,
  StatsSeries,
  StatsSeriesQuery,
  StatsStormDirections,
  StatsSummary,
  StatsThunderstormDays,
} from '@thunderwatch/shared/schemas/statistics';
import type { TSchema } from 'typebox';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { StatisticsService } from './statistics-service.js';

const AREA =
  'For an area (`area` = province or city with `code`, zone with `zone_id`, location with `location_id`, ' +
  'circle with `lat`, `lon`, `radius_km` (default 10, at most 200), bbox `west,south,east,north` up to ' +
  '20° × 20°) and whole local days `from`…`to` (inclusive, at most 3653 days) of `time_zone` (an IANA name; ' +
  'default the deployment’s TIME_ZONE; zones offset by a fraction of an hour are refused). Read from the hourly ' +
  'rollups: regions by their own rows, other areas by the 0.1° cells whose centre lies in them. Zones and ' +
  'locations are the caller’s group’s (administrators: any, or `group_id`).';

const schema = <Q extends TSchema, R extends TSchema>(description: string, querystring: Q, response: R) => ({
  tags: ['analytics'],
  description,
  querystring,
  response: { 200: response, ...errors(400, 401, 403, 404) },
});

/** The statistics screen's data: `/api/statistics/…`. */
export function statisticsRoutes(app: App, stats: StatisticsService): void {
  app.get(
    '/api/statistics/summary',
    {
      schema: schema(
        `Totals: strokes, CG/IC, polarity, flashes, mean and max |kA|, thunderstorm days, Ng. ${AREA}`,
        StatsQuery,
        StatsSummary,
      ),
    },
    (req) => stats.summary(callerOf(req), req.query),
  );
  app.get(
    '/api/statistics/series',
    {
      schema: schema(
        `Counts per hour (at most 31 days), local day or local month. ${AREA}`,
        StatsSeriesQuery,
        StatsSeries,
      ),
    },
    (req) => stats.series(callerOf(req), req.query),
  );
  app.get(
    '/api/statistics/climatology',
    {
      schema: schema(
        `Strokes per local hour of day and per month of year, and the hour × day heatmap (periods ≤ 366 days). ${AREA}`,
        StatsQuery,
        StatsClimatology,
      ),
    },
    (req) => stats.climatology(callerOf(req), req.query),
  );
  app.get(
    '/api/statistics/peak_current',
    {
      schema: schema(
        `Strokes per |peak current| bucket and per reported multiplicity, and polarity. ${AREA}`,
        StatsQuery,
        StatsPeakCurrent,
      ),
    },
    (req) => stats.peakCurrent(callerOf(req), req.query),
  );
  app.get(
    '/api/statistics/storm_directions',
    {
      schema: schema(
        `Where the area's storm cells moved to: each cell track's net motion (tracks of at least 20 min and 5 km), ` +
          `counted in 16 sectors with their mean speed; periods ≤ 92 days. ${AREA}`,
        StatsQuery,
        StatsStormDirections,
      ),
    },
    (req) => stats.stormDirections(callerOf(req), req.query),
  );
  app.get(
    '/api/statistics/thunderstorm_days',
    {
      schema: schema(
        `Days with at least one CG stroke, per year and scaled to a year. ${AREA}`,
        StatsQuery,
        StatsThunderstormDays,
      ),
    },
    (req) => stats.thunderstormDays(callerOf(req), req.query),
  );
  app.get(
    '/api/statistics/ng',
    {
      schema: schema(
        `Ground flash density (CG flashes/km²/year) per 0.1° cell over the area’s box, and over the area. ${AREA}`,
        StatsQuery,
        StatsNg,
      ),
    },
    (req) => stats.ng(callerOf(req), req.query),
  );
  app.get(
    '/api/statistics/regions',
    {
      schema: schema(
        'Per province (or `level=city`: per city, of `province` if given) for the local days [from, to] of ' +
          '`time_zone` (default TIME_ZONE): strokes, CG, CG flashes, Ng and thunderstorm days: the choropleth.',
        StatsRegionsQuery,
        StatsRegions,
      ),
    },
    (req) => stats.regions(callerOf(req), req.query),
  );
  app.get(
    '/api/statistics/alerts',
    {
      schema: schema(
        'Alert episodes per location of the caller’s group (administrators: all, or `group_id`; one with ' +
          '`location_id`) that began in the local days from…to of `time_zone` (default TIME_ZONE): how many, by ' +
          'peak level, minutes under warning, days.',
        StatsAlertsQuery,
        StatsAlerts,
      ),
    },
    (req) => stats.alerts(callerOf(req), req.query),
  );
}
