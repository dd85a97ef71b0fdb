import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import type { Feed, FeedsService } from './feeds-service.js';

/**
 * What every ingest route authenticated by a feed key shares (strokes, and each area's readings, frames,
 * tracks and warnings): the key check, the body limit, and bodies that are JSON or text.
 */

/** The largest body an ingest route reads. */
export const INGEST_BODY_LIMIT = 10 * 1024 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    feed: Feed | null;
  }
}

/** The feed whose key the request carried (401 without one). */
export function feedOf(request: FastifyRequest): Feed {
  if (!request.feed)
    throw new AppError('feed.invalid_key', 401, 'X-Feed-Key header with a valid feed key required');
  return request.feed;
}

/** Every request of the scope must carry a live feed's key in `X-Feed-Key` (401 before the body is read). */
export function requireFeedKey(app: FastifyInstance, feeds: FeedsService): void {
  app.decorateRequest('feed', null);
  app.addHook('onRequest', async (request) => {
    const key = request.headers['x-feed-key'];
    request.feed = await feeds.authenticate(Array.isArray(key) ? key[0] : key);
    feedOf(request);
  });
}

/** `text/plain` and `text/csv` bodies read as bytes (up to the ingest limit), for the route's parser. */
export function acceptTextBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    ['text/plain', 'text/csv'],
    { parseAs: 'buffer', bodyLimit: INGEST_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );
}

/** JSON arrives parsed; CSV and other text as a string. */
export function jsonOrText(body: unknown): unknown {
  if (Buffer.isBuffer(body)) return body.toString('utf8');
  if (body === undefined || body === null)
    throw new AppError(
      'request.unsupported_media_type',
      415,
      'Send the rows as application/json or text/csv',
    );
  return body;
}
