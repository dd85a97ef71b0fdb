import { errors } from '@thunderwatch/shared/schemas/kit';
import { IngestHeaders } from '@thunderwatch/shared/schemas/lightning';
import { WeatherIngestResult } from '@thunderwatch/shared/schemas/weather';
import type { FastifyInstance } from 'fastify';
import type { TSchema } from 'typebox';
import {
  acceptTextBodies,
  feedOf,
  INGEST_BODY_LIMIT,
  jsonOrText,
  requireFeedKey,
} from '../../lightning/feeds/feed-requests.js';
import type { FeedsService } from '../../lightning/feeds/feeds-service.js';

/**
 * A stations' readings ingest (observations, waves): POST `path`, JSON or text, authenticated by a feed key,
 * answered row by row with what was stored and what was refused.
 */
export function stationIngestRoute<Q>(
  app: FastifyInstance,
  d: {
    feeds: FeedsService;
    path: string;
    description: string;
    querystring?: TSchema;
    ingest: (feed: string, body: unknown, query: Q) => Promise<WeatherIngestResult>;
  },
): void {
  requireFeedKey(app, d.feeds);
  acceptTextBodies(app);
  app.post(
    d.path,
    {
      bodyLimit: INGEST_BODY_LIMIT,
      // The parsers refuse a NUL in a row's text on its own (column-ranges `textProblem`, the station id pattern).
      config: { bodyTextCheckedPerRow: true },
      schema: {
        tags: ['ingest'],
        description: d.description,
        headers: IngestHeaders,
        ...(d.querystring ? { querystring: d.querystring } : {}),
        response: { 200: WeatherIngestResult, ...errors(400, 401, 413, 415) },
      },
    },
    (req) => d.ingest(feedOf(req).name, jsonOrText(req.body), req.query as Q),
  );
}
