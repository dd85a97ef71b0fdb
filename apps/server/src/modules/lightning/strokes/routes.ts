import { errors, Id, Paging } from '@thunderwatch/shared/schemas/kit';
import { Type } from 'typebox';
import type { App } from '../../../lib/fastify.js';
import type { LightningService } from './lightning-service.js';
import { MAX_PAGE } from './lightning-service.js';
import { StrokeQuery, toStrokeFilter } from './stroke-filter.js';

const DAY_MS = 86_400_000;

const Stroke = Type.Object({
  id: Type.Integer(),
  time: Type.String({ format: 'date-time' }),
  ns: Type.Integer(),
  lat: Type.Number(),
  lon: Type.Number(),
  peak_ka: Type.Number(),
  type: Type.Enum(['CG', 'IC']),
  sensors: Type.Union([Type.Integer(), Type.Null()]),
  multiplicity: Type.Union([Type.Integer(), Type.Null()]),
  flash_id: Type.Union([Type.Integer(), Type.Null()]),
  source: Type.String(),
});

const Flash = Type.Object({
  id: Type.Integer(),
  time: Type.String({ format: 'date-time' }),
  end_time: Type.String({ format: 'date-time' }),
  lat: Type.Number(),
  lon: Type.Number(),
  type: Type.Enum(['CG', 'IC']),
  peak_ka: Type.Number(),
  stroke_count: Type.Integer(),
  strokes: Type.Optional(Type.Array(Stroke)),
});

const CompactPage = Type.Object({
  items: Type.Array(Type.Array(Type.Union([Type.Number(), Type.Null()]))),
  next: Type.Union([Type.String(), Type.Null()]),
});

export function lightningRoutes(app: App, lightning: LightningService, now: () => Date): void {
  app.get(
    '/api/lightning',
    {
      schema: {
        tags: ['lightning'],
        description:
          'Strokes in a time window (default the last hour, at most 31 days) and area, in time order. ' +
          '`format=json` (default) gives `{items: Stroke[], next}`, `compact` gives `{items: CompactStroke[], next}`, ' +
          '`geojson` a FeatureCollection with `next`. Follow `next` (cursor) for more; at most 100,000 per page.',
        querystring: Type.Object(
          {
            ...StrokeQuery,
            format: Type.Optional(Type.Enum(['json', 'compact', 'geojson'])),
            limit: Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 10_000 }),
            cursor: Type.Optional(Type.String({ maxLength: 200 })),
          },
          { additionalProperties: false },
        ),
        // 200 left open: pages of up to 100,000 strokes in three shapes serialise fastest with JSON.stringify.
        response: { 200: Type.Unknown(), ...errors(400, 401) },
      },
    },
    (req) => {
      const { format, limit, cursor, ...q } = req.query;
      const f = toStrokeFilter(q, now(), 31 * DAY_MS);
      if (format === 'compact') return lightning.compactPage(f, limit, cursor);
      if (format === 'geojson') return lightning.geojson(f, limit, cursor);
      return lightning.strokesPage(f, limit, cursor);
    },
  );

  app.get(
    '/api/mobile/lightnings',
    {
      schema: {
        tags: ['lightning'],
        description: 'Compact strokes within `radius_km` of a point over the last `minutes`.',
        querystring: Type.Object(
          {
            lat: Type.Number({ minimum: -90, maximum: 90 }),
            lon: Type.Number({ minimum: -180, maximum: 180 }),
            radius_km: Type.Number({ exclusiveMinimum: 0, maximum: 500, default: 50 }),
            minutes: Type.Integer({ minimum: 1, maximum: 1440, default: 30 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: CompactPage, ...errors(400, 401) },
      },
    },
    (req) => {
      const to = now();
      const from = new Date(to.getTime() - req.query.minutes * 60_000);
      const f = toStrokeFilter({ ...req.query, from: from.toISOString(), to: to.toISOString() }, to, DAY_MS);
      return lightning.compactPage(f, MAX_PAGE);
    },
  );

  app.get(
    '/api/intensities/',
    {
      schema: {
        tags: ['lightning'],
        description:
          'Histogram of |peak current| by polarity and type; the last bin holds everything above `max_ka`.',
        querystring: Type.Object(
          {
            ...StrokeQuery,
            bin_ka: Type.Number({ minimum: 1, maximum: 100, default: 5 }),
            top_ka: Type.Number({ minimum: 10, maximum: 1000, default: 200 }),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            bins: Type.Array(
              Type.Object({
                from_ka: Type.Number(),
                to_ka: Type.Union([Type.Number(), Type.Null()]),
                cg_negative: Type.Integer(),
                cg_positive: Type.Integer(),
                ic: Type.Integer(),
              }),
            ),
            total: Type.Integer(),
          }),
          ...errors(400, 401),
        },
      },
    },
    async (req) => {
      const { bin_ka, top_ka, ...q } = req.query;
      const result = await lightning.intensities(toStrokeFilter(q, now(), 366 * DAY_MS), bin_ka, top_ka);
      // JSON has no Infinity: the open-ended last bin says null.
      return {
        ...result,
        bins: result.bins.map((b) => ({ ...b, to_ka: Number.isFinite(b.to_ka) ? b.to_ka : null })),
      };
    },
  );

  app.get(
    '/api/lightning_process/',
    {
      schema: {
        tags: ['lightning'],
        description:
          'Flashes (strokes grouped 1 s / 500 ms / 10 km) in a window and area, or one flash (`id`) with its strokes.',
        querystring: Type.Object(
          { ...StrokeQuery, id: Type.Optional(Id), ...Paging },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Union([Flash, Type.Object({ items: Type.Array(Flash), total: Type.Integer() })]),
          ...errors(400, 401, 404),
        },
      },
    },
    (req) => {
      const { id, limit, offset, ...q } = req.query;
      if (id !== undefined) return lightning.flash(id);
      return lightning.flashes(toStrokeFilter(q, now(), 31 * DAY_MS), limit, offset);
    },
  );

  app.get(
    '/api/hourly_lightning_density',
    {
      schema: {
        tags: ['lightning'],
        description: 'Stroke counts per grid cell and hour; lat/lon are the south-west corner of the cell.',
        querystring: Type.Object(
          { ...StrokeQuery, resolution: Type.Number({ minimum: 0.01, maximum: 1, default: 0.1 }) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            resolution: Type.Number(),
            cells: Type.Array(
              Type.Object({
                hour: Type.String(),
                lat: Type.Number(),
                lon: Type.Number(),
                count: Type.Integer(),
              }),
            ),
          }),
          ...errors(400, 401),
        },
      },
    },
    (req) => {
      const { resolution, ...q } = req.query;
      return lightning.density(toStrokeFilter(q, now(), 31 * DAY_MS), resolution);
    },
  );
}
