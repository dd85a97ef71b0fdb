import { destinationPoint } from '@thunderwatch/domain/geo/geodesy';
import type { LocationShape, Position } from '@thunderwatch/shared/schemas/geo';

/** Bearings per circle around a point: smooth at any zoom a ring is worth looking at. */
export const CIRCLE_STEPS = 64;
/** Fewer per vertex of a polygon: only the hull of all these circles is drawn. */
const VERTEX_CIRCLE_STEPS = 32;

/** `lon` moved by whole turns to lie within 180° of `reference`, so shapes never jump the antimeridian. */
export function unwrapLon(lon: number, reference: number): number {
  return lon + 360 * Math.round((reference - lon) / 360);
}

/** A closed ring of points `radiusKm` from `centre` along `steps` evenly spaced bearings (geodesic). */
export function geodesicCircle(centre: Position, radiusKm: number, steps = CIRCLE_STEPS): Position[] {
  const [lon, lat] = centre;
  const ring: Position[] = [];
  for (let i = 0; i < steps; i += 1) {
    const p = destinationPoint(lat, lon, (360 * i) / steps, radiusKm);
    ring.push([unwrapLon(p.lon, lon), p.lat]);
  }
  ring.push(ring[0] as Position);
  return ring;
}

const cross = (o: Position, a: Position, b: Position) =>
  (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

/**
 * Convex hull (Andrew's monotone chain), counter-clockwise, not closed. Done in plain lon/lat: scaling
 * longitude by cos(latitude) is affine over a small area, and affine maps keep hulls.
 */
export function convexHull(points: readonly Position[]): Position[] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (sorted.length < 3) return sorted;
  const lower: Position[] = [];
  for (const p of sorted) {
    while (lower.length >= 2 && cross(lower.at(-2) as Position, lower.at(-1) as Position, p) <= 0)
      lower.pop();
    lower.push(p);
  }
  const upper: Position[] = [];
  for (const p of sorted.reverse()) {
    while (upper.length >= 2 && cross(upper.at(-2) as Position, upper.at(-1) as Position, p) <= 0)
      upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/** The outer ring of a polygon without its closing point, unwrapped around its first vertex. */
function outerVertices(coordinates: Position[][]): Position[] {
  const outer = coordinates[0] ?? [];
  const first = outer[0];
  if (!first) return [];
  const open = outer.length > 1 && samePosition(outer[0], outer.at(-1)) ? outer.slice(0, -1) : outer;
  return open.map(([lon, lat]) => [unwrapLon(lon, first[0]), lat]);
}

const samePosition = (a: Position | undefined, b: Position | undefined) =>
  a !== undefined && b !== undefined && a[0] === b[0] && a[1] === b[1];

/**
 * The line everything within `radiusKm` of the shape lies inside: a geodesic circle around a point; for
 * a polygon, the hull of circles around the vertices of its convex hull. That is exact for convex zones
 * and a slight overestimate inside the bays of concave ones, which errs on the side of warning.
 */
export function ringOutline(shape: LocationShape, radiusKm: number): Position[] {
  if (shape.type === 'Point') return geodesicCircle(shape.coordinates, radiusKm);
  const corners = convexHull(outerVertices(shape.coordinates));
  if (corners.length === 0) return [];
  const around = corners.flatMap((corner) =>
    geodesicCircle(corner, radiusKm, VERTEX_CIRCLE_STEPS)
      .slice(0, -1)
      .map(([lon, lat]) => [unwrapLon(lon, corner[0]), lat] as Position),
  );
  const hull = convexHull(around);
  return [...hull, hull[0] as Position];
}

/** West-south and east-north corners around all the positions, or null when there are none. */
export function boundsOf(positions: Iterable<Position>): [Position, Position] | null {
  let west = Number.POSITIVE_INFINITY;
  let south = Number.POSITIVE_INFINITY;
  let east = Number.NEGATIVE_INFINITY;
  let north = Number.NEGATIVE_INFINITY;
  for (const [lon, lat] of positions) {
    west = Math.min(west, lon);
    east = Math.max(east, lon);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return west <= east
    ? [
        [west, south],
        [east, north],
      ]
    : null;
}

/** Every position of the shape (a point's one, a polygon's outer ring). */
export function shapePositions(shape: LocationShape): Position[] {
  return shape.type === 'Point' ? [shape.coordinates] : outerVertices(shape.coordinates);
}

/** The box around a shape's outermost ring (or the shape itself without rings), to fit the map to. */
export function outerBounds(shape: LocationShape, radiiKm: readonly number[]): [Position, Position] | null {
  const outermost = Math.max(0, ...radiiKm);
  return boundsOf(outermost > 0 ? ringOutline(shape, outermost) : shapePositions(shape));
}
