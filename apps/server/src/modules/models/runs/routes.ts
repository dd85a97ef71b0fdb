import { errors } from '@thunderwatch/shared/schemas/kit';
import {
  ElementModels,
  ElementModelsQuery,
  GridQuery,
  ModelGrid,
  ModelList,
  ModelOutput,
  ModelParams,
  ModelRun,
  ModelRunPage,
  ModelRunQuery,
  OutputQuery,
  RunParams,
  StartModelRun,
} from '@thunderwatch/shared/schemas/models';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { ModelsService } from './models-service.js';

/** `/api/models/` (the registry and outputs), `/api/weather/ele_model` and `/api/weather/task` (runs). */
export function modelRoutes(app: App, models: ModelsService): void {
  const tags = ['models'];
  app.get('/api/models/', { schema: { tags, response: { 200: ModelList, ...errors(401, 403) } } }, (req) =>
    models.list(callerOf(req)),
  );
  app.get(
    '/api/models/:id/outputs/latest',
    {
      schema: {
        tags,
        params: ModelParams,
        querystring: OutputQuery,
        response: { 200: ModelOutput, ...errors(400, 401, 403, 404) },
      },
      config: { heavyRead: true },
    },
    (req) =>
      models.latestOutput(callerOf(req), req.params.id, {
        element: req.query.element,
        fromMin: req.query.from_min,
      }),
  );
  app.get(
    '/api/weather/ele_model',
    {
      schema: {
        tags,
        querystring: ElementModelsQuery,
        response: { 200: ElementModels, ...errors(400, 401, 403) },
      },
    },
    (req) => models.elements(callerOf(req), req.query.model),
  );
  app.get(
    '/api/weather/task',
    {
      schema: { tags, querystring: ModelRunQuery, response: { 200: ModelRunPage, ...errors(400, 401, 403) } },
    },
    (req) => {
      const { limit, offset, ...filter } = req.query;
      return models.runs(callerOf(req), filter, limit, offset);
    },
  );
  app.post(
    '/api/weather/task',
    { schema: { tags, body: StartModelRun, response: { 201: ModelRun, ...errors(400, 401, 403, 409) } } },
    async (req, reply) => reply.status(201).send(await models.start(callerOf(req), req.body.model)),
  );
  app.get(
    '/api/weather/task/:id',
    { schema: { tags, params: RunParams, response: { 200: ModelRun, ...errors(400, 401, 403, 404) } } },
    (req) => models.run(callerOf(req), req.params.id),
  );
  app.get(
    '/api/weather/task/:id/output',
    {
      schema: {
        tags,
        params: RunParams,
        querystring: OutputQuery,
        response: { 200: ModelOutput, ...errors(400, 401, 403, 404) },
      },
      config: { heavyRead: true },
    },
    (req) =>
      models.output(callerOf(req), req.params.id, {
        element: req.query.element,
        fromMin: req.query.from_min,
      }),
  );
  app.get(
    '/api/weather/task/:id/grid',
    {
      schema: {
        tags,
        params: RunParams,
        querystring: GridQuery,
        response: { 200: ModelGrid, ...errors(400, 401, 403, 404) },
      },
      config: { heavyRead: true },
    },
    (req) => models.grid(callerOf(req), req.params.id, req.query.element, req.query.from_min),
  );
}
