import { Position } from '@thunderwatch/shared/schemas/geo';
import { errors, Id, Paging, pageOf, StatusOk } from '@thunderwatch/shared/schemas/kit';
import type { LocationInput } from '@thunderwatch/shared/warnings';
import { Type } from 'typebox';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { LocationsService } from './locations-service.js';
import { LocationInputSchema, LocationSchema } from './schemas.js';
import type { UserMapDataService } from './user-map-data-service.js';

const GroupQuery = Type.Object({ group_id: Type.Optional(Id) }, { additionalProperties: false });
const ById = { params: Type.Object({ id: Id }) };

/** Locations (`LocationDto`), and the caller's map view with their group's locations. */
export function locationRoutes(app: App, locations: LocationsService, mapData: UserMapDataService): void {
  app.get(
    '/api/locations/',
    {
      schema: {
        tags: ['locations'],
        querystring: Type.Object(
          {
            group_id: Type.Optional(Id),
            enabled: Type.Optional(Type.Boolean()),
            q: Type.Optional(Type.String({ maxLength: 100, description: 'part of the name' })),
            ...Paging,
          },
          { additionalProperties: false },
        ),
        response: { 200: pageOf(LocationSchema), ...errors(400, 401, 403, 404) },
      },
    },
    (req) => locations.list(callerOf(req), req.query),
  );

  app.post(
    '/api/locations/',
    {
      schema: {
        tags: ['locations'],
        querystring: GroupQuery,
        body: LocationInputSchema,
        response: { 201: LocationSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await locations.create(callerOf(req), req.body as LocationInput, req.query.group_id)),
  );

  app.get(
    '/api/locations/:id',
    { schema: { tags: ['locations'], ...ById, response: { 200: LocationSchema, ...errors(401, 403, 404) } } },
    (req) => locations.get(callerOf(req), req.params.id),
  );

  app.put(
    '/api/locations/:id',
    {
      schema: {
        tags: ['locations'],
        ...ById,
        body: LocationInputSchema,
        response: { 200: LocationSchema, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => locations.update(callerOf(req), req.params.id, req.body as LocationInput),
  );

  app.delete(
    '/api/locations/:id',
    { schema: { tags: ['locations'], ...ById, response: { 200: StatusOk, ...errors(401, 403, 404) } } },
    async (req) => {
      await locations.remove(callerOf(req), req.params.id);
      return { status: 'ok' as const };
    },
  );

  const MapView = {
    center: Position,
    zoom: Type.Number({ minimum: 0, maximum: 22 }),
    layers: Type.Array(Type.String({ pattern: '^[a-z0-9_-]{1,40}$' }), { maxItems: 20 }),
  };
  const UserMapData = Type.Object({ ...MapView, locations: Type.Array(LocationSchema) });

  app.get(
    '/api/user_map_data',
    { schema: { tags: ['locations'], response: { 200: UserMapData, ...errors(401, 403) } } },
    (req) => mapData.get(callerOf(req)),
  );

  app.put(
    '/api/user_map_data',
    {
      schema: {
        tags: ['locations'],
        body: Type.Object(MapView, { additionalProperties: false }),
        response: { 200: UserMapData, ...errors(400, 401, 403) },
      },
    },
    (req) => mapData.save(callerOf(req), { ...req.body, center: req.body.center as [number, number] }),
  );
}
