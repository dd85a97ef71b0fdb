import { errors } from '@thunderwatch/shared/schemas/kit';
import { IngestHeaders } from '@thunderwatch/shared/schemas/lightning';
import { RadarIngestQuery, RadarIngestResult } from '@thunderwatch/shared/schemas/radar';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import { feedOf, requireFeedKey } from '../../lightning/feeds/feed-requests.js';
import type { FeedsService } from '../../lightning/feeds/feeds-service.js';
import type { RadarIngest } from './radar-ingest.js';

/**
 * POST /api/ingest/radar: one radar frame per request, ODIM_H5 or PNG, authenticated by a feed key. In a scope
 * of its own, with its own body limit (`RADAR_MAX_UPLOAD_MB`): a radar file may be larger than a stroke batch.
 */
export async function radarIngestRoutes(
  app: FastifyInstance,
  d: { feeds: FeedsService; radar: RadarIngest; maxUploadBytes: number },
) {
  requireFeedKey(app, d.feeds);
  app.addContentTypeParser(
    ['application/x-hdf5', 'application/x-hdf', 'application/octet-stream', 'image/png'],
    { parseAs: 'buffer', bodyLimit: d.maxUploadBytes },
    (_req, body, done) => done(null, body),
  );
  app.post(
    '/api/ingest/radar',
    {
      bodyLimit: d.maxUploadBytes,
      schema: {
        tags: ['ingest'],
        description:
          'One radar frame: an ODIM_H5 Cartesian composite (`application/x-hdf5`), or a PNG composite in EPSG:4326 ' +
          '(`image/png`) with `west, south, east, north`, `time` and `ramp` (n0r, n0q) in the query. `product` ' +
          'names the series (default: the file’s product name, or the ramp). The same frame again is `unchanged`; ' +
          'a different one at the same product and time replaces it. Grids up to 16,384 cells a side (80 M cells); ' +
          'over 4,000 a side they are stored block-reduced, each cell its block’s highest value (`source_grid`).',
        headers: IngestHeaders,
        querystring: RadarIngestQuery,
        response: { 200: RadarIngestResult, ...errors(400, 401, 413, 415, 503) },
      },
    },
    (req) => {
      if (!Buffer.isBuffer(req.body) || req.body.length === 0) {
        throw new AppError(
          'request.unsupported_media_type',
          415,
          'Send the file as application/x-hdf5 or image/png',
        );
      }
      return d.radar.upload(feedOf(req).name, req.body, req.query as RadarIngestQuery);
    },
  );
}
