/**
 * Distance from a stroke to a location's shape, as the warning rules define it: the WGS84 geodesic
 * distance to a point, or to a polygon's boundary (0 inside), exact to well under 1 m.
 */
import { geodesicInverse, type Position } from './geodesic.js';
import { GeodesicPolygon } from './geodesic-polygon.js';

export type { Position } from './geodesic.js';

/** A GeoJSON Point or Polygon geometry; positions are [lon, lat]. */
export type ShapeGeometry =
  | { type: 'Point'; coordinates: Position }
  | { type: 'Polygon'; coordinates: Position[][] };

export interface ShapeDistance {
  km: number;
  /** Azimuth (degrees from north, [0, 360)) from the point, the nearest boundary point, or (inside) the
   * polygon's centroid, towards the stroke. */
  bearingDeg: number;
}

// Shapes are treated as immutable values: a polygon is prepared once per coordinates array.
const prepared = new WeakMap<readonly (readonly Position[])[], GeodesicPolygon>();

export function preparedPolygon(coordinates: readonly (readonly Position[])[]): GeodesicPolygon {
  let polygon = prepared.get(coordinates);
  if (polygon === undefined) {
    polygon = GeodesicPolygon.from(coordinates);
    prepared.set(coordinates, polygon);
  }
  return polygon;
}

export function distanceToShape(shape: ShapeGeometry, lat: number, lon: number): ShapeDistance {
  if (shape.type === 'Point') {
    const [pointLon, pointLat] = shape.coordinates;
    const r = geodesicInverse(pointLat, pointLon, lat, lon);
    return { km: r.km, bearingDeg: r.azimuthDeg };
  }
  const out = { km: 0, azimuthDeg: 0 };
  preparedPolygon(shape.coordinates).distanceWithin(lat, lon, Number.POSITIVE_INFINITY, out);
  return { km: out.km, bearingDeg: out.azimuthDeg };
}
