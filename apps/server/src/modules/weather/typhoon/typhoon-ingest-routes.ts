import { errors } from '@thunderwatch/shared/schemas/kit';
import { IngestHeaders } from '@thunderwatch/shared/schemas/lightning';
import { TyphoonIngestQuery, TyphoonIngestResult } from '@thunderwatch/shared/schemas/typhoon';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import { feedOf, requireFeedKey } from '../../lightning/feeds/feed-requests.js';
import type { FeedsService } from '../../lightning/feeds/feeds-service.js';
import type { TyphoonService } from './typhoon-service.js';

/** A best-track file is a few hundred kB for a whole season. */
const TYPHOON_BODY_LIMIT = 4 * 1024 * 1024;

/** POST /api/ingest/typhoon: a CMA best-track or ATCF deck file, authenticated by a feed key. */
export async function typhoonIngestRoutes(
  app: FastifyInstance,
  d: { feeds: FeedsService; typhoons: TyphoonService },
) {
  requireFeedKey(app, d.feeds);
  app.addContentTypeParser(
    ['text/plain', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: TYPHOON_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );
  app.post(
    '/api/ingest/typhoon',
    {
      bodyLimit: TYPHOON_BODY_LIMIT,
      schema: {
        tags: ['ingest'],
        description:
          'Typhoon tracks as text: CMA best track (`66666` headers) or ATCF a/b-deck records, the format told ' +
          'from the content. A storm already stored is merged (points by time; a forecast replaces the one ' +
          'stored). Any bad line refuses the whole file with 400, naming each line and its reason.',
        headers: IngestHeaders,
        querystring: TyphoonIngestQuery,
        response: { 200: TyphoonIngestResult, ...errors(400, 401, 413, 415) },
      },
    },
    (req) => {
      if (!Buffer.isBuffer(req.body)) {
        throw new AppError('request.unsupported_media_type', 415, 'Send the track file as text/plain');
      }
      return d.typhoons.ingest(feedOf(req).name, req.body.toString('utf8'), req.query as TyphoonIngestQuery);
    },
  );
}
