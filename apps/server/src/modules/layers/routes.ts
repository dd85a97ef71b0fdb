import { errors, Id, StatusOk } from '@thunderwatch/shared/schemas/kit';
import {
  CUSTOM_LAYER_MAX_BYTES,
  CustomLayer,
  CustomLayerInput,
  LayerCatalogue,
  Scene,
  SceneInput,
  SceneList,
} from '@thunderwatch/shared/schemas/layers';
import { GroupQuery } from '@thunderwatch/shared/schemas/warnings';
import { Type } from 'typebox';
import { callerOf } from '../../lib/caller.js';
import type { App } from '../../lib/fastify.js';
import type { LayersService } from './layers-service.js';
import type { ScenesService } from './scenes-service.js';

const ById = { params: Type.Object({ id: Id }) };

/** The layer catalogue with the group's custom layers (`/api/layers/`) and saved scenes (`/api/scene`). */
export function layerRoutes(app: App, layers: LayersService, scenes: ScenesService): void {
  app.get(
    '/api/layers/',
    {
      schema: {
        tags: ['layers'],
        description:
          'Every map layer the portal draws (id, names, kind, legend, defaults, time behaviour, permission, ' +
          'screens) the caller may see, and their group’s custom layers (administrators: `group_id`).',
        querystring: GroupQuery,
        response: { 200: LayerCatalogue, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => layers.catalogue(callerOf(req), req.query.group_id),
  );

  app.post(
    '/api/layers/',
    {
      bodyLimit: CUSTOM_LAYER_MAX_BYTES,
      schema: {
        tags: ['layers'],
        description:
          'Adds a custom layer to the group (`layer.manage`): GeoJSON (checked as zones are, ≤ 2 MB, ≤ 5000 ' +
          'features) or an XYZ / WMS / TileJSON URL (http(s), known placeholders; stored, never fetched).',
        querystring: GroupQuery,
        body: CustomLayerInput,
        response: { 201: CustomLayer, ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await layers.create(callerOf(req), req.body, req.query.group_id)),
  );

  app.get(
    '/api/layers/:id',
    { schema: { tags: ['layers'], ...ById, response: { 200: CustomLayer, ...errors(400, 401, 403, 404) } } },
    (req) => layers.get(callerOf(req), req.params.id),
  );

  app.put(
    '/api/layers/:id',
    {
      bodyLimit: CUSTOM_LAYER_MAX_BYTES,
      schema: {
        tags: ['layers'],
        ...ById,
        body: CustomLayerInput,
        response: { 200: CustomLayer, ...errors(400, 401, 403, 404, 413) },
      },
    },
    (req) => layers.update(callerOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/layers/:id',
    { schema: { tags: ['layers'], ...ById, response: { 200: StatusOk, ...errors(400, 401, 403, 404) } } },
    async (req) => {
      await layers.remove(callerOf(req), req.params.id);
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/api/scene',
    {
      schema: {
        tags: ['scenes'],
        description: 'The caller’s own scenes and their group’s shared ones, by name.',
        response: { 200: SceneList, ...errors(401, 403) },
      },
    },
    (req) => scenes.list(callerOf(req)),
  );

  app.post(
    '/api/scene',
    {
      schema: {
        tags: ['scenes'],
        description:
          'Saves a map view (private unless `shared`); `rotation` lists scenes of the group shown for ' +
          '10–3600 s each (a shared rotation only of shared scenes).',
        body: SceneInput,
        response: { 201: Scene, ...errors(400, 401, 403) },
      },
    },
    async (req, reply) => reply.status(201).send(await scenes.create(callerOf(req), req.body)),
  );

  app.get(
    '/api/scene/:id',
    { schema: { tags: ['scenes'], ...ById, response: { 200: Scene, ...errors(400, 401, 403, 404) } } },
    (req) => scenes.get(callerOf(req), req.params.id),
  );

  app.put(
    '/api/scene/:id',
    {
      schema: {
        tags: ['scenes'],
        description: 'Its owner, or for shared scenes a group admin, replaces a scene.',
        ...ById,
        body: SceneInput,
        response: { 200: Scene, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => scenes.update(callerOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/scene/:id',
    { schema: { tags: ['scenes'], ...ById, response: { 200: StatusOk, ...errors(400, 401, 403, 404) } } },
    async (req) => {
      await scenes.remove(callerOf(req), req.params.id);
      return { status: 'ok' as const };
    },
  );
}
