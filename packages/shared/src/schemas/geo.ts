import { Type } from 'typebox';

/** GeoJSON schemas of answers; request bodies check geometry in packages/domain to name each problem. */
export const Position = Type.Array(Type.Number(), { minItems: 2, maxItems: 2, description: '[lon, lat]' });
export const PointGeometry = Type.Object({ type: Type.Literal('Point'), coordinates: Position });
export const PolygonGeometry = Type.Object({
  type: Type.Literal('Polygon'),
  coordinates: Type.Array(Type.Array(Position), {
    description: 'outer ring first, then holes; rings closed',
  }),
});
export const LocationShape = Type.Union([PointGeometry, PolygonGeometry]);

/** A geometry in a request body: only its outline here, its coordinates are checked by the service. */
export const GeometryInput = (types: string[]) =>
  Type.Object(
    {
      type: Type.Enum(types),
      coordinates: Type.Array(Type.Unknown(), { description: 'GeoJSON coordinates, [lon, lat] positions' }),
    },
    { additionalProperties: false },
  );
