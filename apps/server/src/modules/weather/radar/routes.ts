import { errors } from '@thunderwatch/shared/schemas/kit';
import {
  RadarFrame,
  RadarFrameQuery,
  RadarImageQuery,
  RadarTimes,
  RadarTimesQuery,
} from '@thunderwatch/shared/schemas/radar';
import { Type } from 'typebox';
import type { App } from '../../../lib/fastify.js';
import type { RadarService } from './radar-service.js';

/** Frames are immutable under their ETag; a corrected frame gets a new one, seen within this time. */
const IMAGE_MAX_AGE_SEC = 300;

export function radarRoutes(app: App, radar: RadarService): void {
  app.get(
    '/api/radar_times',
    {
      schema: {
        tags: ['radar'],
        description: `Times of the radar frames between \`from\` and \`to\` (default the last 24 h, at most 7 days), of one product or all.`,
        querystring: RadarTimesQuery,
        response: { 200: RadarTimes, ...errors(400, 401) },
      },
    },
    (req) => radar.times(req.query),
  );

  app.get(
    '/api/radar',
    {
      schema: {
        tags: ['radar'],
        description:
          'A frame’s metadata (grid, bounds, scale, units, legend, image); with `values=1&lat=&lon=` the value there. ' +
          'Without `time`, the latest frame.',
        querystring: RadarFrameQuery,
        response: { 200: RadarFrame, ...errors(400, 401, 404) },
      },
    },
    (req) => radar.frame(req.query),
  );

  app.get(
    '/api/radar_img',
    {
      schema: {
        tags: ['radar'],
        description:
          'A frame as a Web Mercator PNG over `image.bounds` of its metadata, coloured by its legend; ' +
          'ETag and If-None-Match (304).',
        querystring: RadarImageQuery,
        response: {
          200: Type.Unsafe({ type: 'string', format: 'binary' }),
          304: Type.Null(),
          ...errors(400, 401, 404),
        },
      },
    },
    async (req, reply) => {
      const { etag, bytes } = await radar.image(req.query, req.headers['if-none-match']);
      reply.header('etag', etag).header('cache-control', `private, max-age=${IMAGE_MAX_AGE_SEC}`);
      if (!bytes) return reply.code(304).send(null);
      return reply.type('image/png').send(bytes);
    },
  );
}
