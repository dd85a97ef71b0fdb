import { type Static, type TEnumValue, Type } from 'typebox';

/** GeoJSON schemas of answers; request bodies check geometry in packages/domain to name each problem. */

/** [lon, lat]. OpenAPI 3.0 has no tuples: the schema is an array of two numbers, its type the pair. */
export const Position = Type.Unsafe<[number, number]>(
  Type.Array(Type.Number(), { minItems: 2, maxItems: 2, description: '[lon, lat]' }),
);
export type Position = Static<typeof Position>;

export const PointGeometry = Type.Object({ type: Type.Literal('Point'), coordinates: Position });
export type PointGeometry = Static<typeof PointGeometry>;

export const PolygonGeometry = Type.Object({
  type: Type.Literal('Polygon'),
  coordinates: Type.Array(Type.Array(Position), {
    description: 'outer ring first, then holes; rings closed (first position repeated last)',
  }),
});
export type PolygonGeometry = Static<typeof PolygonGeometry>;

export const LocationShape = Type.Union([PointGeometry, PolygonGeometry]);
export type LocationShape = Static<typeof LocationShape>;

/** A geometry in a request body: only its outline here, its coordinates are checked by the service. */
export const GeometryInput = <const Types extends TEnumValue[]>(types: readonly [...Types]) =>
  Type.Object(
    {
      type: Type.Enum(types),
      coordinates: Type.Array(Type.Unknown(), { description: 'GeoJSON coordinates, [lon, lat] positions' }),
    },
    { additionalProperties: false },
  );
