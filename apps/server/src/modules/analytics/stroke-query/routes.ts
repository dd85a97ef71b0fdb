import { errors, StatusOk } from '@thunderwatch/shared/schemas/kit';
import {
  QueryExportQuery,
  QueryJob,
  QueryJobParams,
  SavedQuery,
  SavedQueryInput,
  SavedQueryList,
  StrokeQuerySpec,
} from '@thunderwatch/shared/schemas/stroke-query';
import { Type } from 'typebox';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { StrokeQueryService } from './stroke-query-service.js';

/** The statistics query builder (`statistics_query` screen): run, poll, download, saved queries. */
export function strokeQueryRoutes(app: App, queries: StrokeQueryService): void {
  app.post(
    '/api/statistics_query/run',
    {
      config: { heavyRead: true },
      schema: {
        tags: ['analytics'],
        description:
          'Counts strokes in an area (province, city, zone, circle, drawn polygon or box) and window (≤ 366 days) ' +
          'with type, polarity and |kA| filters, grouped by local hour, day, month or region, with a density grid. ' +
          'Answers 200 with the finished job when the window and the area’s box hold at most QUERY_INLINE_MAX ' +
          'strokes, else 202 with a queued job to poll.',
        body: StrokeQuerySpec,
        response: { 200: QueryJob, 202: QueryJob, ...errors(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const { queued, job } = await queries.run(callerOf(req), req.body);
      return reply.code(queued ? 202 : 200).send(job);
    },
  );

  app.get(
    '/api/statistics_query/jobs/:id',
    {
      schema: {
        tags: ['analytics'],
        description:
          'One of my queries: its status, progress (share of the estimated strokes read) and result.',
        params: QueryJobParams,
        response: { 200: QueryJob, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => queries.job(callerOf(req), req.params.id),
  );

  app.get(
    '/api/statistics_query/jobs/:id/export',
    {
      schema: {
        tags: ['analytics'],
        description:
          'A finished query’s groups as CSV or XLSX; headers in `lang`, by default both languages.',
        params: QueryJobParams,
        querystring: QueryExportQuery,
        response: {
          200: Type.Unsafe({ type: 'string', format: 'binary' }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (req, reply) => {
      const file = await queries.export(callerOf(req), req.params.id, req.query);
      return reply
        .type(file.type)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );

  app.get(
    '/api/statistics_query/saved',
    {
      schema: {
        tags: ['analytics'],
        description: 'My saved queries, by name.',
        response: { 200: SavedQueryList, ...errors(401, 403) },
      },
    },
    (req) => queries.saved(callerOf(req)),
  );

  app.post(
    '/api/statistics_query/saved',
    {
      schema: {
        tags: ['analytics'],
        description: 'Saves a query under a name (replacing mine of that name); at most 100.',
        body: SavedQueryInput,
        response: { 201: SavedQuery, ...errors(400, 401, 403, 409) },
      },
    },
    async (req, reply) => reply.code(201).send(await queries.save(callerOf(req), req.body)),
  );

  app.delete(
    '/api/statistics_query/saved/:id',
    {
      schema: {
        tags: ['analytics'],
        params: QueryJobParams,
        response: { 200: StatusOk, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await queries.removeSaved(callerOf(req), req.params.id);
      return { status: 'ok' as const };
    },
  );
}
