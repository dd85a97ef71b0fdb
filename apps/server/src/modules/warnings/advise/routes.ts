import {
  ADVISE_EXPORT_FORMATS,
  AdviseApplyInput,
  AdviseInput,
  AdviseJob,
} from '@thunderwatch/shared/schemas/advise';
import { errors } from '@thunderwatch/shared/schemas/kit';
import { Location } from '@thunderwatch/shared/schemas/locations';
import { Type } from 'typebox';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { AdviseService } from './advise-service.js';

const ById = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
const ExportQuery = Type.Object(
  {
    format: Type.Enum(ADVISE_EXPORT_FORMATS),
    lang: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('zh-Hans')])),
    time_zone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);

/** The rules advisor: jobs (and cancelling one), their table as a file, and applying a set (docs/api.md). */
export function adviseRoutes(app: App, advise: AdviseService): void {
  app.post(
    '/api/warning/advise',
    {
      schema: {
        tags: ['warnings'],
        body: AdviseInput,
        response: { 202: AdviseJob, ...errors(400, 401, 403, 404) },
      },
    },
    async (req, reply) => reply.code(202).send(await advise.start(callerOf(req), req.body)),
  );
  app.get(
    '/api/warning/advise/:id',
    { schema: { tags: ['warnings'], params: ById, response: { 200: AdviseJob, ...errors(401, 403, 404) } } },
    (req) => advise.get(callerOf(req), req.params.id),
  );
  app.post(
    '/api/warning/advise/:id/cancel',
    {
      schema: {
        tags: ['warnings'],
        params: ById,
        response: { 200: AdviseJob, ...errors(401, 403, 404, 409) },
      },
    },
    (req) => advise.cancel(callerOf(req), req.params.id),
  );
  app.get(
    '/api/warning/advise/:id/export',
    {
      schema: {
        tags: ['warnings'],
        params: ById,
        querystring: ExportQuery,
        response: {
          200: Type.Unsafe({ type: 'string', format: 'binary' }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (req, reply) => {
      const file = await advise.export(callerOf(req), req.params.id, req.query);
      return reply
        .type(file.type)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );
  app.post(
    '/api/warning/advise/:id/apply',
    {
      schema: {
        tags: ['warnings'],
        params: ById,
        body: AdviseApplyInput,
        response: { 200: Location, ...errors(400, 401, 403, 404, 409) },
      },
    },
    (req) => advise.apply(callerOf(req), req.params.id, req.body),
  );
}
