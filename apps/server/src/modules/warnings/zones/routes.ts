import { GeometryInput, PolygonGeometry } from '@thunderwatch/shared/schemas/geo';
import { errors, Id, Paging, pageOf, StatusOk } from '@thunderwatch/shared/schemas/kit';
import type { ZoneInput } from '@thunderwatch/shared/warnings';
import { Type } from 'typebox';
import { callerOf } from '../../../lib/caller.js';
import type { App } from '../../../lib/fastify.js';
import type { ZonesService } from './zones-service.js';

/** GeoJSON files of many detailed polygons are large; everything else keeps the 1 MB limit. */
export const ZONE_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

const Zone = Type.Object({
  id: Type.Integer(),
  group_id: Type.Integer(),
  name: Type.String(),
  geometry: PolygonGeometry,
  area_km2: Type.Number(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
const ZoneBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
    geometry: GeometryInput(['Polygon']),
  },
  { additionalProperties: false },
);
const GroupQuery = Type.Object({ group_id: Type.Optional(Id) }, { additionalProperties: false });
const ById = { params: Type.Object({ id: Id }) };
const FeatureCollection = Type.Object({
  type: Type.Literal('FeatureCollection'),
  features: Type.Array(
    Type.Object({
      type: Type.Literal('Feature'),
      properties: Type.Object({
        id: Type.Integer(),
        name: Type.String(),
        group_id: Type.Integer(),
        area_km2: Type.Number(),
      }),
      geometry: PolygonGeometry,
    }),
  ),
});

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
        querystring: Type.Object(
          { group_id: Type.Optional(Id), q: Type.Optional(Type.String({ maxLength: 100 })), ...Paging },
          { additionalProperties: false },
        ),
        response: { 200: pageOf(Zone), ...errors(400, 401, 403, 404) },
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
        body: ZoneBody,
        response: { 201: Zone, ...errors(400, 401, 403, 404) },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await zones.create(callerOf(req), req.body as ZoneInput, req.query.group_id)),
  );

  app.post(
    '/api/zones/import',
    {
      bodyLimit: ZONE_IMPORT_MAX_BYTES,
      schema: {
        tags: ['zones'],
        description: 'A GeoJSON FeatureCollection, Feature, Polygon or MultiPolygon (≤ 5 MB); all or nothing',
        querystring: GroupQuery,
        body: Type.Object({ type: Type.String() }, { additionalProperties: true }),
        response: { 201: Type.Object({ created: Type.Array(Zone) }), ...errors(400, 401, 403, 404, 413) },
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
        response: { 200: FeatureCollection, ...errors(400, 401, 403, 404) },
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
        body: ZoneBody,
        response: { 200: Zone, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => zones.update(callerOf(req), req.params.id, req.body as ZoneInput),
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
