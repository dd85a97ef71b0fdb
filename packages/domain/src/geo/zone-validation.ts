/**
 * Checks a GeoJSON Point or Polygon before it becomes a zone or a location (closed rings, no
 * self-intersection, at most 10,000 vertices, sane area). Every problem names the ring and position, so
 * that a person can find it in their file or on the map.
 */
import type { LocationShape, PolygonGeometry, Position } from '@thunderwatch/shared/schemas/geo';
import { belowMagnitude, DEGREE_MIN_MAGNITUDE } from '../common/column-ranges.js';
import { geodesicAreaKm2 } from './geodesic.js';
import { type RingCoords, ringCrossings } from './ring-crossings.js';

/** What is wrong, for screens that say it in the user's language (the API answers `message`). */
export const GEOMETRY_ISSUE_CODES = [
  'type',
  'no_rings',
  'ring_not_list',
  'position_invalid',
  'longitude_range',
  'latitude_range',
  'coordinate_too_fine',
  'ring_too_short',
  'ring_not_closed',
  'too_many_vertices',
  'ring_crosses_itself',
  'rings_cross',
  'hole_outside',
  'hole_in_hole',
  'area_too_small',
  'area_too_large',
] as const;
export type GeometryIssueCode = (typeof GEOMETRY_ISSUE_CODES)[number];

/**
 * `path` is relative to the geometry, e.g. `coordinates/0/3` (ring 0, position 3). `params` hold the
 * numbers of `message`: rings and positions counted from 0 as in `path`.
 */
export interface GeometryIssue {
  path: string;
  message: string;
  code: GeometryIssueCode;
  params?: Record<string, number>;
}

export const ZONE_LIMITS = {
  maxVertices: 10_000,
  minAreaKm2: 0.0001,
  maxAreaKm2: 5_000_000,
} as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 6 });

type PositionIssue = Pick<GeometryIssue, 'message' | 'code' | 'params'>;

/** The problem with one position, or null. */
function positionIssue(p: unknown): PositionIssue | null {
  if (!Array.isArray(p) || p.length !== 2 || !p.every((v) => typeof v === 'number' && Number.isFinite(v)))
    return { code: 'position_invalid', message: 'must be [longitude, latitude]' };
  const [lon, lat] = p as [number, number];
  if (lon < -180 || lon > 180)
    return {
      code: 'longitude_range',
      params: { value: lon },
      message: `longitude ${lon} is outside -180..180`,
    };
  if (lat < -90 || lat > 90)
    return { code: 'latitude_range', params: { value: lat }, message: `latitude ${lat} is outside -90..90` };
  const fine = [lon, lat].find((v) => belowMagnitude(v, DEGREE_MIN_MAGNITUDE));
  if (fine !== undefined)
    return {
      code: 'coordinate_too_fine',
      params: { value: fine },
      message: `${fine} is not 0 but finer than ${DEGREE_MIN_MAGNITUDE}°: write 0 or the real coordinate`,
    };
  return null;
}

/** The problem with one position, or null. */
export function positionProblem(p: unknown): string | null {
  return positionIssue(p)?.message ?? null;
}

export function validatePoint(g: unknown): GeometryIssue[] {
  if (!isObject(g) || g.type !== 'Point') return [{ path: 'type', code: 'type', message: 'must be "Point"' }];
  const issue = positionIssue(g.coordinates);
  return issue ? [{ ...issue, path: 'coordinates', message: `position ${issue.message}` }] : [];
}

/** Structure, ranges, closure and size: everything the geometric checks rely on. */
function structureIssues(coordinates: unknown): GeometryIssue[] {
  if (!Array.isArray(coordinates) || coordinates.length === 0)
    return [
      { path: 'coordinates', code: 'no_rings', message: 'must be a list of rings, the outer ring first' },
    ];
  const issues: GeometryIssue[] = [];
  let vertices = 0;
  coordinates.forEach((ring: unknown, r) => {
    const path = `coordinates/${r}`;
    if (!Array.isArray(ring)) {
      issues.push({
        path,
        code: 'ring_not_list',
        params: { ring: r },
        message: `ring ${r} must be a list of positions`,
      });
      return;
    }
    const bad = ring.findIndex((p) => positionIssue(p) !== null);
    if (bad >= 0) {
      const issue = positionIssue(ring[bad]) as PositionIssue;
      issues.push({
        path: `${path}/${bad}`,
        code: issue.code,
        params: { ...issue.params, ring: r, position: bad },
        message: `ring ${r} position ${bad}: ${issue.message}`,
      });
      return;
    }
    if (ring.length < 4) {
      issues.push({
        path,
        code: 'ring_too_short',
        params: { ring: r, positions: ring.length },
        message: `ring ${r} has ${ring.length} positions; a ring needs at least 4`,
      });
      return;
    }
    const [first, last] = [ring[0] as Position, ring[ring.length - 1] as Position];
    if (first[0] !== last[0] || first[1] !== last[1])
      issues.push({
        path,
        code: 'ring_not_closed',
        params: { ring: r },
        message: `ring ${r} is not closed: its last position must repeat the first`,
      });
    vertices += ring.length - 1;
  });
  if (vertices > ZONE_LIMITS.maxVertices) {
    issues.push({
      path: 'coordinates',
      code: 'too_many_vertices',
      params: { count: vertices, max: ZONE_LIMITS.maxVertices },
      message: `the polygon has ${fmt(vertices)} vertices; at most ${fmt(ZONE_LIMITS.maxVertices)} are allowed`,
    });
  }
  return issues;
}

/** Even-odd ray casting; only used for points known not to lie on the ring. */
function insideRing([x, y]: readonly [number, number], ring: RingCoords): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** One problem per pair of rings: fixing it usually fixes the neighbouring contacts too. */
function crossingIssues(rings: RingCoords[]): GeometryIssue[] {
  const seen = new Set<string>();
  const firstPerPair = ringCrossings(rings, 20).filter(({ a, b }) => {
    const key = `${a.ring}/${b.ring}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return firstPerPair.map(
    ({ a, b }): GeometryIssue =>
      a.ring === b.ring
        ? {
            path: `coordinates/${a.ring}/${b.from}`,
            code: 'ring_crosses_itself',
            params: { ring: a.ring, from: a.from, to: b.from },
            message: `ring ${a.ring} crosses or touches itself: the edges after positions ${a.from} and ${b.from}`,
          }
        : {
            path: `coordinates/${b.ring}/${b.from}`,
            code: 'rings_cross',
            params: { ring: b.ring, other: a.ring },
            message: `ring ${b.ring} crosses or touches ring ${a.ring}: the edge after position ${b.from} meets the edge after position ${a.from} of ring ${a.ring}`,
          },
  );
}

/** With no crossings, one vertex tells on which side of another ring a whole hole lies. */
function holeIssues(rings: RingCoords[]): GeometryIssue[] {
  const [outer, ...holes] = rings as [RingCoords, ...RingCoords[]];
  const issues: GeometryIssue[] = [];
  holes.forEach((hole, i) => {
    const r = i + 1;
    const probe = hole[0] as [number, number];
    if (!insideRing(probe, outer)) {
      issues.push({
        path: `coordinates/${r}`,
        code: 'hole_outside',
        params: { ring: r },
        message: `ring ${r} is a hole but lies outside ring 0`,
      });
      return;
    }
    const host = holes.findIndex((other, j) => j !== i && insideRing(probe, other));
    if (host >= 0)
      issues.push({
        path: `coordinates/${r}`,
        code: 'hole_in_hole',
        params: { ring: r, other: host + 1 },
        message: `ring ${r} is a hole inside ring ${host + 1}, another hole`,
      });
  });
  return issues;
}

function areaIssues(polygon: PolygonGeometry): GeometryIssue[] {
  const area = geodesicAreaKm2(polygon.coordinates);
  if (area <= ZONE_LIMITS.minAreaKm2)
    return [
      {
        path: 'coordinates',
        code: 'area_too_small',
        params: { area, min: ZONE_LIMITS.minAreaKm2 },
        message: `the area ${fmt(area)} km² is too small: it must be over ${fmt(ZONE_LIMITS.minAreaKm2)} km²`,
      },
    ];
  if (area >= ZONE_LIMITS.maxAreaKm2)
    return [
      {
        path: 'coordinates',
        code: 'area_too_large',
        params: { area, max: ZONE_LIMITS.maxAreaKm2 },
        message: `the area ${fmt(Math.round(area))} km² is too large: it must be under ${fmt(ZONE_LIMITS.maxAreaKm2)} km²`,
      },
    ];
  return [];
}

/** All problems of a Polygon geometry; an empty list means it is a valid zone. */
export function validatePolygon(g: unknown): GeometryIssue[] {
  if (!isObject(g) || g.type !== 'Polygon')
    return [{ path: 'type', code: 'type', message: 'must be "Polygon"' }];
  const structure = structureIssues(g.coordinates);
  if (structure.length > 0) return structure;
  const polygon = g as unknown as PolygonGeometry;
  const rings = polygon.coordinates as RingCoords[];
  const crossings = crossingIssues(rings);
  if (crossings.length > 0) return crossings;
  const holes = holeIssues(rings);
  if (holes.length > 0) return holes;
  return areaIssues(polygon);
}

/** Whether `validatePolygon` finds nothing wrong: then `g` is a polygon. */
export function isValidPolygon(g: unknown): g is PolygonGeometry {
  return validatePolygon(g).length === 0;
}

/** A location's shape: a Point or a valid Polygon. */
export function validateShape(g: unknown): GeometryIssue[] {
  if (isObject(g) && g.type === 'Point') return validatePoint(g);
  if (isObject(g) && g.type === 'Polygon') return validatePolygon(g);
  return [{ path: 'type', code: 'type', message: 'must be "Point" or "Polygon"' }];
}

/** Whether `validateShape` finds nothing wrong: then `g` is a location's shape. */
export function isValidShape(g: unknown): g is LocationShape {
  return validateShape(g).length === 0;
}
