import { errors } from '@thunderwatch/shared/schemas/kit';
import {
  CompactStrokePage,
  DensityQuery,
  DensityResponse,
  FlashAnswer,
  FlashQuery,
  Intensities,
  IntensityQuery,
  LightningAnswer,
  LightningQuery,
  MobileLightningQuery,
} from '@thunderwatch/shared/schemas/lightning';
import { MAX_STROKE_PAGE } from '@thunderwatch/shared/strokes';
import type { App } from '../../../lib/fastify.js';
import type { LightningService } from './lightning-service.js';
import { toStrokeFilter } from './stroke-filter.js';

const DAY_MS = 86_400_000;

export function lightningRoutes(app: App, lightning: LightningService, now: () => Date): void {
  app.get(
    '/api/lightning',
    {
      config: { heavyRead: true },
      schema: {
        tags: ['lightning'],
        description:
          'Strokes in a time window (default the last hour, at most 31 days) and area, in time order. ' +
          '`format=json` (default) gives `{items: Stroke[], next}`, `compact` gives `{items: CompactStroke[], next}`, ' +
          '`geojson` a FeatureCollection with `next`. Follow `next` (cursor) for more; at most 100,000 per page.',
        querystring: LightningQuery,
        response: { 200: LightningAnswer, ...errors(400, 401) },
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
      config: { heavyRead: true },
      schema: {
        tags: ['lightning'],
        description: 'Compact strokes within `radius_km` of a point over the last `minutes`.',
        querystring: MobileLightningQuery,
        response: { 200: CompactStrokePage, ...errors(400, 401) },
      },
    },
    (req) => {
      const to = now();
      const from = new Date(to.getTime() - req.query.minutes * 60_000);
      const f = toStrokeFilter({ ...req.query, from: from.toISOString(), to: to.toISOString() }, to, DAY_MS);
      return lightning.compactPage(f, MAX_STROKE_PAGE);
    },
  );

  app.get(
    '/api/intensities/',
    {
      schema: {
        tags: ['lightning'],
        description:
          'Histogram of |peak current| by polarity and type; the last bin holds everything above `max_ka`.',
        querystring: IntensityQuery,
        response: { 200: Intensities, ...errors(400, 401) },
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
      config: { heavyRead: true },
      schema: {
        tags: ['lightning'],
        description:
          'Flashes (strokes grouped 1 s / 500 ms / 10 km) in a window and area, or one flash (`id`) with its strokes.',
        querystring: FlashQuery,
        response: { 200: FlashAnswer, ...errors(400, 401, 404) },
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
      config: { heavyRead: true },
      schema: {
        tags: ['lightning'],
        description: 'Stroke counts per grid cell and hour; lat/lon are the south-west corner of the cell.',
        querystring: DensityQuery,
        response: { 200: DensityResponse, ...errors(400, 401) },
      },
    },
    (req) => {
      const { resolution, ...q } = req.query;
      return lightning.density(toStrokeFilter(q, now(), 31 * DAY_MS), resolution);
    },
  );
}
