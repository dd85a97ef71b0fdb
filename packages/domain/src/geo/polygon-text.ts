/**
 * A polygon pasted as text, GeoJSON or WKT, as the polygon a zone or a location is: one Polygon (a
 * MultiPolygon, Feature or FeatureCollection holding exactly one is unwrapped), altitudes dropped, open
 * rings closed, then checked by `validatePolygon`, the server's own rules. Refusals are translation keys.
 */
import type { PolygonGeometry } from '@thunderwatch/shared/schemas/geo';
import { parseWktPolygon } from './wkt-polygon.js';
import { type GeometryIssueCode, validatePolygon } from './zone-validation.js';

export const POLYGON_TEXT_PROBLEM_KEYS = [
  'empty',
  'unknown_format',
  'json_syntax',
  'not_geojson',
  'not_polygon',
  'no_polygon',
  'several_polygons',
  'wkt_syntax',
  'wkt_syntax_end',
] as const;
export type PolygonTextProblemKey = (typeof POLYGON_TEXT_PROBLEM_KEYS)[number];

/** A reading problem, or one of `validatePolygon`'s issues by its code (with rings counted from 0). */
export interface PolygonTextProblem {
  key: PolygonTextProblemKey | GeometryIssueCode;
  params?: Record<string, string | number>;
}

export type PolygonTextFormat = 'geojson' | 'wkt';

export type PolygonTextParse =
  | { ok: true; format: PolygonTextFormat; polygon: PolygonGeometry }
  | { ok: false; format: PolygonTextFormat | null; problems: PolygonTextProblem[] };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

class Refusal {
  constructor(readonly problem: PolygonTextProblem) {}
}
const refuse = (key: PolygonTextProblemKey, params?: PolygonTextProblem['params']): never => {
  throw new Refusal(params ? { key, params } : { key });
};

const typeName = (v: unknown) => (isObject(v) && typeof v.type === 'string' ? v.type : 'null');

/** The one polygon's coordinates in a Polygon or a MultiPolygon of one. */
function polygonCoordinates(geometry: unknown): unknown {
  if (!isObject(geometry)) refuse('not_polygon', { type: 'null' });
  const g = geometry as Record<string, unknown>;
  if (g.type === 'Polygon') return g.coordinates;
  if (g.type === 'MultiPolygon' && Array.isArray(g.coordinates)) {
    if (g.coordinates.length === 0) refuse('no_polygon');
    if (g.coordinates.length > 1) refuse('several_polygons', { count: g.coordinates.length });
    return g.coordinates[0];
  }
  return refuse('not_polygon', { type: typeName(g) });
}

function fromGeoJson(text: string): unknown {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return refuse('json_syntax');
  }
  if (!isObject(doc) || typeof doc.type !== 'string') return refuse('not_geojson');
  if (doc.type === 'FeatureCollection') {
    if (!Array.isArray(doc.features)) return refuse('not_geojson');
    if (doc.features.length === 0) refuse('no_polygon');
    if (doc.features.length > 1) refuse('several_polygons', { count: doc.features.length });
    const feature: unknown = doc.features[0];
    if (!isObject(feature) || feature.type !== 'Feature') return refuse('not_geojson');
    return polygonCoordinates(feature.geometry);
  }
  if (doc.type === 'Feature') return polygonCoordinates(doc.geometry);
  return polygonCoordinates(doc);
}

function fromWkt(text: string): unknown {
  const result = parseWktPolygon(text);
  if ('notPolygon' in result) return refuse('not_polygon', { type: result.notPolygon });
  if ('syntax' in result) {
    const { at, expected, found } = result.syntax;
    return found === ''
      ? refuse('wkt_syntax_end', { expected })
      : refuse('wkt_syntax', { at, expected, found });
  }
  if (!result.geometry) return refuse('no_polygon');
  return polygonCoordinates(result.geometry);
}

/** Longitude and latitude of each position, each ring closed; anything malformed is left for validation. */
function tidy(coordinates: unknown): unknown {
  if (!Array.isArray(coordinates)) return coordinates;
  return coordinates.map((ring: unknown) => {
    if (!Array.isArray(ring)) return ring;
    const flat = ring.map((p: unknown) => (Array.isArray(p) && p.length > 2 ? p.slice(0, 2) : p));
    const [first, last] = [flat[0], flat.at(-1)];
    const open =
      flat.length > 1 &&
      Array.isArray(first) &&
      Array.isArray(last) &&
      (first[0] !== last[0] || first[1] !== last[1]);
    return open ? [...flat, first] : flat;
  });
}

/** Whether the text looks like JSON (GeoJSON) rather than WKT. */
const looksLikeJson = (text: string) => text.startsWith('{') || text.startsWith('[');

/** The polygon in a pasted text, or what keeps it from being a zone's or location's polygon. */
export function parsePolygonText(text: string): PolygonTextParse {
  const trimmed = text.trim();
  const format: PolygonTextFormat | null =
    trimmed === '' ? null : looksLikeJson(trimmed) ? 'geojson' : /^[A-Za-z]/.test(trimmed) ? 'wkt' : null;
  if (format === null)
    return { ok: false, format, problems: [{ key: trimmed === '' ? 'empty' : 'unknown_format' }] };
  try {
    const coordinates = tidy(format === 'geojson' ? fromGeoJson(trimmed) : fromWkt(trimmed));
    const polygon = { type: 'Polygon', coordinates };
    const issues = validatePolygon(polygon);
    if (issues.length > 0) {
      const problems = issues.map((i) => (i.params ? { key: i.code, params: i.params } : { key: i.code }));
      return { ok: false, format, problems };
    }
    return { ok: true, format, polygon: polygon as PolygonGeometry };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, format, problems: [error.problem] };
    throw error;
  }
}
