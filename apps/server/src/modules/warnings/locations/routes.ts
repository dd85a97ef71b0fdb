import { errors, Id, StatusOk } from '@thunderwatch/shared/schemas/kit';
import {
  Location,
  LocationInput,
  LocationPage,
  LocationQuery,
  MapViewInput,
  UserMapData,
} from '@thunderwatch/shared/schemas/locations';
import { GroupQuery } from '@thunderwatch/shared/schemas/warnings';
import { Type } from 'typebox';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { LocationsService } from './locations-service.js';
import type { UserMapDataService } from './user-map-data-service.js';

const ById = { params: Type.Object({ id: Id }) };

/** Locations (`LocationDto`), and the caller's map view with their group's locations. */
export function locationRoutes(app: App, locations: LocationsService, mapData: UserMapDataService): void {
  app.get(
    '/api/locations/',
    {
      schema: {
        tags: ['locations'],
        querystring: LocationQuery,
        response: { 200: LocationPage, ...errors(400, 401, 403, 404) },
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
        body: LocationInput,
        response: { 201: Location, ...errors(400, 401, 403, 404) },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await locations.create(callerOf(req), req.body, req.query.group_id)),
  );

  app.get(
    '/api/locations/:id',
    { schema: { tags: ['locations'], ...ById, response: { 200: Location, ...errors(401, 403, 404) } } },
    (req) => locations.get(callerOf(req), req.params.id),
  );

  app.put(
    '/api/locations/:id',
    {
      schema: {
        tags: ['locations'],
        ...ById,
        body: LocationInput,
        response: { 200: Location, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => locations.update(callerOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/locations/:id',
    { schema: { tags: ['locations'], ...ById, response: { 200: StatusOk, ...errors(401, 403, 404) } } },
    async (req) => {
      await locations.remove(callerOf(req), req.params.id);
      return { status: 'ok' as const };
    },
  );

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
        body: MapViewInput,
        response: { 200: UserMapData, ...errors(400, 401, 403) },
      },
    },
    (req) => mapData.save(callerOf(req), req.body),
  );
}
