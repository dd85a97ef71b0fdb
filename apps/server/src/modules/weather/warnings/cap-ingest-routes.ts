import { errors } from '@thunderwatch/shared/schemas/kit';
import { IngestHeaders } from '@thunderwatch/shared/schemas/lightning';
import { CapIngestQuery, CapIngestResult } from '@thunderwatch/shared/schemas/weather-warning';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import { feedOf, requireFeedKey } from '../../lightning/feeds/feed-requests.js';
import type { FeedsService } from '../../lightning/feeds/feeds-service.js';
import type { WeatherWarningService } from './weather-warning-service.js';

/** A CAP body (one alert or a feed of them) is stored with each alert: 2 MB bounds the row. */
export const CAP_BODY_LIMIT = 2 * 1024 * 1024;
const CAP_TYPES = [
  'application/cap+xml',
  'application/xml',
  'text/xml',
  'application/atom+xml',
  'application/rss+xml',
];

/** POST /api/ingest/cap: CAP 1.2 alerts, alone or in an Atom/RSS feed, authenticated by a feed key. */
export async function capIngestRoutes(
  app: FastifyInstance,
  d: { feeds: FeedsService; warnings: WeatherWarningService },
) {
  requireFeedKey(app, d.feeds);
  app.addContentTypeParser(CAP_TYPES, { parseAs: 'buffer', bodyLimit: CAP_BODY_LIMIT }, (_req, body, done) =>
    done(null, body),
  );
  app.post(
    '/api/ingest/cap',
    {
      bodyLimit: CAP_BODY_LIMIT,
      schema: {
        tags: ['ingest'],
        description:
          'Official weather warnings as OASIS CAP 1.2: one `<alert>`, or an Atom/RSS feed whose entries embed ' +
          'alerts (linked ones are not fetched). Any DTD or entity is refused (400). Each alert is checked on ' +
          'its own against the CAP 1.2 schema and its enveloped signature (where present) and gets an outcome: ' +
          'accepted, updated (an Update, superseding what it references), cancelled (a Cancel) or refused with ' +
          'the reason. Bodies over 2 MB: 413. Before any tree is built, 400 names the limit passed: ' +
          '`cap.too_deep` (over 32 deep), `cap.too_many_elements` (over 100,000), `cap.too_many_attributes` ' +
          '(over 64 on one element or 50,000 in all). The body is read on a worker thread: 503 ' +
          '`cap.parse_timeout` after 20 s, `ingest.overloaded` when 8 bodies wait.',
        headers: IngestHeaders,
        querystring: CapIngestQuery,
        response: { 200: CapIngestResult, ...errors(400, 401, 413, 415, 503) },
      },
    },
    (req) => {
      if (!Buffer.isBuffer(req.body)) {
        throw new AppError(
          'request.unsupported_media_type',
          415,
          `Send CAP as one of ${CAP_TYPES.join(', ')}`,
        );
      }
      return d.warnings.ingest(feedOf(req).id, req.body);
    },
  );
}
