/**
 * Reading a GeoJSON file picked for import, before it goes to the server: the problems a person can fix
 * in their GIS tool (not JSON, not GeoJSON, a point where a polygon belongs), each naming the feature.
 * Geometry rules (closed rings, self-intersection, size) are the server's, answered per feature too.
 */

/** The server takes request bodies up to this size. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;

/** A problem as a translation key under `geometry.import.problem.` and its values. */
export interface FileProblem {
  key: 'too_large' | 'not_json' | 'not_geojson' | 'no_features' | 'not_feature' | 'not_polygon';
  /** The feature's place in the file (from 0), when the problem is about one feature. */
  index?: number;
  name?: string;
  type?: string;
  mb?: number;
}

export type ParsedFile =
  | { ok: true; document: object; count: number }
  | { ok: false; problems: FileProblem[] };

const AREA_TYPES = new Set(['Polygon', 'MultiPolygon']);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** A feature's `properties.name`, which becomes the zone's name. */
export function featureName(feature: unknown): string | undefined {
  if (!isObject(feature) || !isObject(feature.properties)) return undefined;
  const name = feature.properties.name;
  return typeof name === 'string' && name.trim() ? name.trim() : undefined;
}

function featureProblem(feature: unknown, index: number): FileProblem | null {
  if (!isObject(feature) || feature.type !== 'Feature') return { key: 'not_feature', index };
  const geometry = feature.geometry;
  const type = isObject(geometry) && typeof geometry.type === 'string' ? geometry.type : 'null';
  return AREA_TYPES.has(type) ? null : { key: 'not_polygon', index, name: featureName(feature), type };
}

/** Checks the text of a picked file; `size` in bytes is checked first, so a huge file is never parsed. */
export function parseGeoJsonFile(text: string, size = text.length): ParsedFile {
  if (size > MAX_FILE_BYTES)
    return { ok: false, problems: [{ key: 'too_large', mb: MAX_FILE_BYTES / 1024 / 1024 }] };
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return { ok: false, problems: [{ key: 'not_json' }] };
  }
  if (!isObject(document)) return { ok: false, problems: [{ key: 'not_geojson' }] };
  if (document.type === 'FeatureCollection') {
    if (!Array.isArray(document.features)) return { ok: false, problems: [{ key: 'not_geojson' }] };
    if (document.features.length === 0) return { ok: false, problems: [{ key: 'no_features' }] };
    const problems = document.features.flatMap((f: unknown, i) => featureProblem(f, i) ?? []);
    return problems.length > 0
      ? { ok: false, problems }
      : { ok: true, document, count: document.features.length };
  }
  if (document.type === 'Feature') {
    const problem = featureProblem(document, 0);
    return problem ? { ok: false, problems: [problem] } : { ok: true, document, count: 1 };
  }
  if (typeof document.type === 'string' && AREA_TYPES.has(document.type))
    return { ok: true, document, count: 1 };
  return { ok: false, problems: [{ key: 'not_geojson' }] };
}

/**
 * Which feature of the file a server problem's field (`features/3`, `feature`, `geometry`) is about, with
 * its name, so the message can say "Feature 4 (Harbour)" instead of a JSON path.
 */
export function featureOfField(
  document: object | null,
  field: string,
): { index: number; name?: string } | null {
  const match = /^features\/(\d+)/.exec(field);
  if (match) {
    const index = Number(match[1]);
    const features = isObject(document) && Array.isArray(document.features) ? document.features : [];
    return { index, name: featureName(features[index]) };
  }
  if (field === 'feature' || field === 'geometry') return { index: 0, name: featureName(document) };
  return null;
}
