/**
 * Turns an uploaded GeoJSON document (FeatureCollection, Feature or bare Polygon/MultiPolygon) into zones.
 * All or nothing: any bad feature makes the whole file fail, with a problem per feature named by its
 * place in the file (`features/3`).
 */
import type { PolygonGeometry, Position } from '@thunderwatch/shared/schemas/geo';
import { validatePolygon } from './zone-validation.js';

export interface ImportedZone {
  name: string;
  geometry: PolygonGeometry;
}

export interface ImportIssue {
  field: string;
  message: string;
}

export type ZoneImport = { ok: true; zones: ImportedZone[] } | { ok: false; issues: ImportIssue[] };

export const ZONE_IMPORT_LIMITS = { maxZones: 1000, maxNameLength: 100 } as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Altitudes (a third number) are legal GeoJSON but mean nothing for a zone: dropped. */
function flatten(coordinates: unknown): unknown {
  if (!Array.isArray(coordinates)) return coordinates;
  return coordinates.map((ring) =>
    Array.isArray(ring)
      ? ring.map((p) => (Array.isArray(p) && p.length === 3 ? (p.slice(0, 2) as Position) : p))
      : ring,
  );
}

function nameOf(properties: unknown, fallback: string): string {
  const raw = isObject(properties) && typeof properties.name === 'string' ? properties.name.trim() : '';
  return (raw || fallback).slice(0, ZONE_IMPORT_LIMITS.maxNameLength);
}

/** A value as a person reads it in a message: text and numbers as they are, anything else by its kind. */
function shown(v: unknown): string {
  if (v === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof v)) return String(v);
  return Array.isArray(v) ? '(a list)' : `(${typeof v})`;
}

/** The zones of one geometry, or the problems that stop it. */
function zonesOf(geometry: unknown, name: string): { zones: ImportedZone[]; problems: string[] } {
  if (!isObject(geometry)) return { zones: [], problems: ['has no geometry'] };
  const polygons =
    geometry.type === 'Polygon'
      ? [geometry.coordinates]
      : geometry.type === 'MultiPolygon' && Array.isArray(geometry.coordinates)
        ? geometry.coordinates
        : null;
  if (!polygons) {
    return {
      zones: [],
      problems: [`geometry type ${shown(geometry.type)} is not a Polygon or MultiPolygon`],
    };
  }
  const multi = geometry.type === 'MultiPolygon';
  if (multi && polygons.length === 0) return { zones: [], problems: ['the MultiPolygon is empty'] };
  const zones: ImportedZone[] = [];
  const problems: string[] = [];
  polygons.forEach((coordinates: unknown, k) => {
    const polygon = { type: 'Polygon', coordinates: flatten(coordinates) };
    const issues = validatePolygon(polygon);
    if (issues.length === 0) {
      zones.push({ name: multi ? `${name} (${k + 1})` : name, geometry: polygon as PolygonGeometry });
    } else {
      for (const issue of issues) problems.push(multi ? `polygon ${k}: ${issue.message}` : issue.message);
    }
  });
  return { zones, problems };
}

/** `fallbackName` names features without a `properties.name`, numbered from 1. */
export function parseZoneImport(doc: unknown, fallbackName = 'Zone'): ZoneImport {
  const entries: { field: string; geometry?: unknown; name: string; notFeature?: true }[] = [];
  if (isObject(doc) && doc.type === 'FeatureCollection') {
    if (!Array.isArray(doc.features))
      return { ok: false, issues: [{ field: 'features', message: 'must be a list of features' }] };
    doc.features.forEach((f: unknown, i) => {
      const field = `features/${i}`;
      if (!isObject(f) || f.type !== 'Feature') entries.push({ field, name: '', notFeature: true });
      else
        entries.push({ field, geometry: f.geometry, name: nameOf(f.properties, `${fallbackName} ${i + 1}`) });
    });
  } else if (isObject(doc) && doc.type === 'Feature') {
    entries.push({
      field: 'feature',
      geometry: doc.geometry,
      name: nameOf(doc.properties, `${fallbackName} 1`),
    });
  } else if (isObject(doc) && (doc.type === 'Polygon' || doc.type === 'MultiPolygon')) {
    entries.push({ field: 'geometry', geometry: doc, name: `${fallbackName} 1` });
  } else {
    const message = 'must be a GeoJSON FeatureCollection, Feature, Polygon or MultiPolygon';
    return { ok: false, issues: [{ field: '(body)', message }] };
  }

  const zones: ImportedZone[] = [];
  const issues: ImportIssue[] = [];
  for (const entry of entries) {
    const result = entry.notFeature
      ? { zones: [], problems: ['is not a GeoJSON Feature'] }
      : zonesOf(entry.geometry, entry.name);
    zones.push(...result.zones);
    for (const message of result.problems) issues.push({ field: entry.field, message });
  }
  if (issues.length > 0) return { ok: false, issues };
  if (zones.length === 0)
    return { ok: false, issues: [{ field: 'features', message: 'the file has no polygons' }] };
  if (zones.length > ZONE_IMPORT_LIMITS.maxZones) {
    const message = `the file has ${zones.length} polygons; at most ${ZONE_IMPORT_LIMITS.maxZones} can be imported at once`;
    return { ok: false, issues: [{ field: 'features', message }] };
  }
  return { ok: true, zones };
}
