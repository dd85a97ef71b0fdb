/**
 * Checks of what a group admin adds as a custom map layer: a GeoJSON document (every polygon checked as zones
 * are, points and lines position by position, with size caps) or a tile URL the browser loads (the server
 * only stores it). Problems come back as { field, message } naming where in the input they are.
 */
import { positionProblem, validatePoint, validatePolygon } from './zone-validation.js';

export interface LayerIssue {
  field: string;
  message: string;
}

export const CUSTOM_LAYER_LIMITS = {
  maxFeatures: 5_000,
  maxPositions: 200_000,
  maxUrlLength: 2_000,
  /** Problems reported at most; a broken file would otherwise answer with thousands. */
  maxIssues: 20,
} as const;

export const TILE_KINDS = ['xyz', 'wms', 'tilejson'] as const;
export type TileKind = (typeof TILE_KINDS)[number];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The placeholders MapLibre fills in a tile URL. */
const PLACEHOLDERS = new Set(['z', 'x', 'y', 'quadkey', 'bbox-epsg-3857', 'ratio', 'prefix']);

function lineIssues(coords: unknown, path: string, minPositions: number, out: LayerIssue[]): number {
  if (!Array.isArray(coords) || coords.length < minPositions) {
    out.push({ field: path, message: `must be a list of at least ${minPositions} positions` });
    return 0;
  }
  coords.forEach((p, i) => {
    const problem = positionProblem(p);
    if (problem) out.push({ field: `${path}/${i}`, message: `position ${problem}` });
  });
  return coords.length;
}

/** Positions counted, problems pushed to `out`. */
function geometryIssues(g: unknown, path: string, out: LayerIssue[]): number {
  if (!isObject(g)) {
    out.push({ field: path, message: 'has no geometry' });
    return 0;
  }
  const polygonIssues = (coordinates: unknown, at: string) => {
    for (const i of validatePolygon({ type: 'Polygon', coordinates }))
      out.push({ field: `${at}/${i.path}`, message: i.message });
    return Array.isArray(coordinates) ? coordinates.flat().length : 0;
  };
  const list = (at: string) => {
    if (Array.isArray(g.coordinates)) return g.coordinates as unknown[];
    out.push({ field: `${at}/coordinates`, message: 'must be a list' });
    return [];
  };
  switch (g.type) {
    case 'Point':
      for (const i of validatePoint(g)) out.push({ field: `${path}/${i.path}`, message: i.message });
      return 1;
    case 'MultiPoint':
      return lineIssues(g.coordinates, `${path}/coordinates`, 1, out);
    case 'LineString':
      return lineIssues(g.coordinates, `${path}/coordinates`, 2, out);
    case 'MultiLineString':
      return list(path).reduce<number>((n, c, k) => n + lineIssues(c, `${path}/coordinates/${k}`, 2, out), 0);
    case 'Polygon':
      return polygonIssues(g.coordinates, path);
    case 'MultiPolygon':
      return list(path).reduce<number>((n, c, k) => n + polygonIssues(c, `${path}/coordinates/${k}`), 0);
    default:
      out.push({ field: `${path}/type`, message: `geometry type ${String(g.type)} is not supported` });
      return 0;
  }
}

/** Problems of a GeoJSON FeatureCollection, Feature or bare geometry (empty: valid), under `field`. */
export function validateLayerGeoJson(doc: unknown, field = 'geojson'): LayerIssue[] {
  const out: LayerIssue[] = [];
  if (!isObject(doc)) return [{ field, message: 'must be a GeoJSON object' }];
  let positions = 0;
  if (doc.type === 'FeatureCollection') {
    if (!Array.isArray(doc.features)) return [{ field: `${field}/features`, message: 'must be a list' }];
    if (doc.features.length === 0) return [{ field: `${field}/features`, message: 'has no features' }];
    if (doc.features.length > CUSTOM_LAYER_LIMITS.maxFeatures)
      return [
        {
          field: `${field}/features`,
          message: `has ${doc.features.length} features, more than ${CUSTOM_LAYER_LIMITS.maxFeatures}`,
        },
      ];
    doc.features.forEach((f, i) => {
      if (!isObject(f) || f.type !== 'Feature')
        out.push({ field: `${field}/features/${i}`, message: 'is not a Feature' });
      else positions += geometryIssues(f.geometry, `${field}/features/${i}/geometry`, out);
    });
  } else if (doc.type === 'Feature') {
    positions = geometryIssues(doc.geometry, `${field}/geometry`, out);
  } else {
    positions = geometryIssues(doc, field, out);
  }
  if (positions > CUSTOM_LAYER_LIMITS.maxPositions)
    out.push({ field, message: `has ${positions} positions, more than ${CUSTOM_LAYER_LIMITS.maxPositions}` });
  return out.slice(0, CUSTOM_LAYER_LIMITS.maxIssues);
}

/** The problem with a tile URL of `kind`, or null: http(s) only, known placeholders, no credentials. */
export function tileUrlProblem(kind: TileKind, url: string): string | null {
  if (url.length > CUSTOM_LAYER_LIMITS.maxUrlLength)
    return `is longer than ${CUSTOM_LAYER_LIMITS.maxUrlLength} characters`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
  if (/[\s\u0000-\u001f\u007f"'<>\\`]/.test(url)) return 'contains spaces, quotes or control characters';
  const used = [...url.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1] ?? '');
  const unknown = used.find((p) => !PLACEHOLDERS.has(p));
  if (unknown !== undefined) return `has the unknown placeholder {${unknown}}`;
  const m = /^https?:\/\/([^/?#]*)/i.exec(url);
  if (!m) return /^[a-z][a-z0-9+.-]*:/i.test(url) ? 'must start with http:// or https://' : 'is not a URL';
  const host = (m[1] ?? '').replace(/\{[^{}]*\}/g, 'a');
  if (host.includes('@')) return 'must not carry a user name or password';
  if (!/^([A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(:[0-9]{1,5})?$/.test(host))
    return 'has no valid host name';
  const has = (p: string) => used.includes(p);
  if (kind === 'xyz' && !(has('quadkey') || (has('z') && has('x') && has('y'))))
    return 'must contain {z}, {x} and {y} (or {quadkey})';
  if (kind === 'wms' && !has('bbox-epsg-3857')) return 'must contain {bbox-epsg-3857}';
  if (kind === 'tilejson' && used.length > 0) return 'is the TileJSON document itself: no placeholders';
  return null;
}
