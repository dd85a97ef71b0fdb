import { errors } from '@thunderwatch/shared/schemas/kit';
import { IngestHeaders, IngestResult } from '@thunderwatch/shared/schemas/lightning';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { parseJsonArraySliced } from '../../lib/json-array-sliced.js';
import { feedOf, INGEST_BODY_LIMIT, requireFeedKey } from '../../modules/lightning/feeds/feed-requests.js';
import type { FeedsService } from '../../modules/lightning/feeds/feeds-service.js';
import type { IngestService } from './ingest-service.js';
import { parseAdtdSliced, parseJsonStrokesSliced, parseUalfSliced } from './sliced-parse.js';

const schema = (description: string) => ({
  tags: ['ingest'],
  description,
  headers: IngestHeaders,
  response: { 200: IngestResult, ...errors(400, 401, 413, 415, 503) },
});

/** A JSON body as its text: only the stroke route reads JSON, and parses it itself; the others answer 415. */
class JsonText {
  constructor(readonly text: string) {}
}

function text(body: unknown): string {
  if (Buffer.isBuffer(body)) return body.toString('utf8');
  if (typeof body === 'string') return body;
  throw new AppError('request.unsupported_media_type', 415, 'Send the records as text/plain');
}

/**
 * Machine-to-machine ingest, authenticated by per-feed API keys (`X-Feed-Key`), never by user tokens.
 * Registered in a scope of its own, outside the user-authenticated API tree.
 */
export async function ingestRoutes(app: FastifyInstance, d: { feeds: FeedsService; ingest: IngestService }) {
  requireFeedKey(app, d.feeds);
  app.addContentTypeParser(
    ['text/plain', 'application/octet-stream', 'text/csv'],
    { parseAs: 'buffer', bodyLimit: INGEST_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );
  // The stroke array is parsed by the route, a slice of records at a time (parseJsonArraySliced): Fastify's
  // own parser would JSON.parse the whole 10 MB body in one go before the route runs.
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: INGEST_BODY_LIMIT },
    (_req, body, done) => done(null, new JsonText(body as string)),
  );

  const opts = { bodyLimit: INGEST_BODY_LIMIT };
  app.post(
    '/api/ingest/strokes',
    {
      ...opts,
      // Each record is checked on its own (strict ISO time, CG/IC, numbers, no unknown field), so a NUL is
      // refused with its record; the guard's walk of the whole 10 MB body (a fifth of a second) is not needed.
      config: { bodyTextCheckedPerRow: true },
      schema: schema(
        'A JSON array of strokes ({time, lat, lon, peak_ka, type, …}); `line` is the array index',
      ),
    },
    async (req) => {
      const records = req.body instanceof JsonText ? await parseJsonArraySliced(req.body.text) : req.body;
      if (!Array.isArray(records)) {
        throw new AppError('validation.failed', 400, 'Body must be a JSON array of strokes', [
          { field: '(body)', message: 'must be an array' },
        ]);
      }
      return d.ingest.ingest(feedOf(req).name, await parseJsonStrokesSliced(records, d.ingest.window()));
    },
  );
  app.post(
    '/api/ingest/ualf',
    {
      ...opts,
      schema: schema('UALF 0/1 (25 space-separated fields) or UALF2 (30 tab-separated) lines, up to 10 MB'),
    },
    async (req) =>
      d.ingest.ingest(feedOf(req).name, await parseUalfSliced(text(req.body), d.ingest.window())),
  );
  app.post(
    '/api/ingest/adtd',
    { ...opts, schema: schema('CMA ADTD text lines, UTF-8 or GBK, Beijing time, up to 10 MB') },
    async (req) => {
      const body = req.body;
      const bytes = Buffer.isBuffer(body) ? body : Buffer.from(text(body));
      const { outcomes, corrected } = await parseAdtdSliced(bytes, d.ingest.window());
      return d.ingest.ingest(feedOf(req).name, outcomes, corrected);
    },
  );
}
