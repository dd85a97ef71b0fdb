import { type Static, Type } from 'typebox';
import { GeometryInput, PolygonGeometry } from './geo.js';
import { Id, Paging, pageOf } from './kit.js';

/** Zones: named polygons of a group, drawn or imported, from which polygon locations are made. */

const Time = Type.String({ format: 'date-time' });

export const Zone = Type.Object({
  id: Type.Integer(),
  group_id: Type.Integer(),
  name: Type.String(),
  geometry: PolygonGeometry,
  area_km2: Type.Number({ description: 'Geodesic area of the outer ring minus holes, km²' }),
  created_at: Time,
  updated_at: Time,
});
export type ZoneDto = Static<typeof Zone>;

export const ZonePage = pageOf(Zone);
export type ZonePage = Static<typeof ZonePage>;

export const ZoneQuery = Type.Object(
  { group_id: Type.Optional(Id), q: Type.Optional(Type.String({ maxLength: 100 })), ...Paging },
  { additionalProperties: false },
);

/** Create (POST /api/zones/) and update (PUT /api/zones/:id). */
export const ZoneInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
    geometry: GeometryInput(['Polygon']),
  },
  { additionalProperties: false },
);
export type ZoneInput = Static<typeof ZoneInput>;

/** A GeoJSON document; the service reads its features and names each problem. */
export const ZoneImport = Type.Object({ type: Type.String() }, { additionalProperties: true });

/** POST /api/zones/import answer. */
export const ZoneImportResult = Type.Object({ created: Type.Array(Zone) });
export type ZoneImportResult = Static<typeof ZoneImportResult>;

/** GET /api/zones/export: the group's zones as a GeoJSON file. */
export const ZoneFeatureCollection = Type.Object({
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
