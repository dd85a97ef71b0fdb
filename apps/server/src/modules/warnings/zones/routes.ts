import { errors, Id, StatusOk } from '@thunderwatch/shared/schemas/kit';
import { GroupQuery } from '@thunderwatch/shared/schemas/warnings';
import {
  Zone,
  ZoneFeatureCollection,
  ZoneImport,
  ZoneImportResult,
  ZoneInput,
  ZonePage,
  ZoneQuery,
} from '@thunderwatch/shared/schemas/zones';
import { Type } from 'typebox';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { ZonesService } from './zones-service.js';

/** GeoJSON files of many detailed polygons are large; everything else keeps the 1 MB limit. */
export const ZONE_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

const ById = { params: Type.Object({ id: Id }) };

export function zoneRoutes(app: App, zones: ZonesService): void {
  // Files saved from GIS tools are often sent as GeoJSON's own media type.
  app.addContentTypeParser('application/geo+json', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch (error) {
      done(Object.assign(error as Error, { statusCode: 400 }), undefined);
    }
  });

  app.get(
    '/api/zones/',
    {
      schema: {
        tags: ['zones'],
        querystring: ZoneQuery,
        response: { 200: ZonePage, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => zones.list(callerOf(req), req.query),
  );

  app.post(
    '/api/zones/',
    {
      schema: {
        tags: ['zones'],
        querystring: GroupQuery,
        body: ZoneInput,
        response: { 201: Zone, ...errors(400, 401, 403, 404) },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await zones.create(callerOf(req), req.body, req.query.group_id)),
  );

  app.post(
    '/api/zones/import',
    {
      bodyLimit: ZONE_IMPORT_MAX_BYTES,
      schema: {
        tags: ['zones'],
        description: 'A GeoJSON FeatureCollection, Feature, Polygon or MultiPolygon (≤ 5 MB); all or nothing',
        querystring: GroupQuery,
        body: ZoneImport,
        response: { 201: ZoneImportResult, ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await zones.import(callerOf(req), req.body, req.query.group_id)),
  );

  app.get(
    '/api/zones/export',
    {
      schema: {
        tags: ['zones'],
        querystring: GroupQuery,
        response: { 200: ZoneFeatureCollection, ...errors(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const doc = await zones.export(callerOf(req), req.query.group_id);
      return reply
        .type('application/geo+json; charset=utf-8')
        .header('content-disposition', 'attachment; filename="zones.geojson"')
        .send(doc);
    },
  );

  app.get(
    '/api/zones/:id',
    { schema: { tags: ['zones'], ...ById, response: { 200: Zone, ...errors(401, 403, 404) } } },
    (req) => zones.get(callerOf(req), req.params.id),
  );

  app.put(
    '/api/zones/:id',
    {
      schema: {
        tags: ['zones'],
        ...ById,
        body: ZoneInput,
        response: { 200: Zone, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => zones.update(callerOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/zones/:id',
    { schema: { tags: ['zones'], ...ById, response: { 200: StatusOk, ...errors(401, 403, 404, 409) } } },
    async (req) => {
      await zones.remove(callerOf(req), req.params.id);
      return { status: 'ok' as const };
    },
  );
}
