import type { SceneInput } from '@thunderwatch/shared/schemas/layers';
import { type CompactStroke, STROKE_TYPES, type StrokeType } from '@thunderwatch/shared/strokes';
import { S } from './stroke-store';

/**
 * Which strokes the home map draws and counts: the stroke types shown and a least |peak current| (kA).
 * A scene keeps it as `filters.stroke_types` / `filters.min_peak_ka`, the address as `?types=CG&min_ka=20`.
 */
export interface StrokeFilter {
  /** CG, IC or both, in that order; never empty (no type shown is the strokes layer switched off). */
  types: readonly StrokeType[];
  /** Strokes with |peak current| below this (kA) are left out; 0 keeps them all. */
  minKa: number;
}

export const NO_STROKE_FILTER: StrokeFilter = { types: STROKE_TYPES, minKa: 0 };
/** The highest least peak current a scene takes (`min_peak_ka` ≤ 1000). */
export const MAX_MIN_KA = 1000;

/** Types deduplicated in CG, IC order (none or unknown ones: both); kA in 0–1000 to 0.1 (else 0). */
export function strokeFilter(types: readonly string[] | undefined, minKa: number | undefined): StrokeFilter {
  const kept = STROKE_TYPES.filter((type) => types?.includes(type));
  const ka = minKa !== undefined && Number.isFinite(minKa) ? Math.round(minKa * 10) / 10 : 0;
  return {
    types: kept.length > 0 ? kept : STROKE_TYPES,
    minKa: ka > 0 && ka <= MAX_MIN_KA ? ka : 0,
  };
}

/** True when the filter leaves some strokes out. */
export function filterActive(filter: StrokeFilter): boolean {
  return filter.types.length < STROKE_TYPES.length || filter.minKa > 0;
}

export function sameFilter(a: StrokeFilter, b: StrokeFilter): boolean {
  return a.minKa === b.minKa && a.types.join() === b.types.join();
}

/** Whether a stroke is drawn and counted under the filter. */
export function strokePasses(filter: StrokeFilter, stroke: CompactStroke): boolean {
  const type: StrokeType = stroke[S.ic] === 1 ? 'IC' : 'CG';
  return filter.types.includes(type) && Math.abs(stroke[S.ka]) >= filter.minKa;
}

type SceneFilters = NonNullable<SceneInput['filters']>;

/** A scene's filters as the map's stroke filter (absent parts: no filtering). */
export function filterOfScene(
  filters: { stroke_types?: readonly string[]; min_peak_ka?: number; radar_product?: string } | undefined,
): StrokeFilter {
  return strokeFilter(filters?.stroke_types, filters?.min_peak_ka);
}

/** The stroke filter as a scene's filters: only the parts that leave strokes out. */
export function sceneFiltersOf(filter: StrokeFilter): Pick<SceneFilters, 'stroke_types' | 'min_peak_ka'> {
  return {
    ...(filter.types.length < STROKE_TYPES.length ? { stroke_types: [...filter.types] } : {}),
    ...(filter.minKa > 0 ? { min_peak_ka: filter.minKa } : {}),
  };
}

/** `?types=CG&min_ka=20` (invalid parts are ignored). */
export function filterFromParams(params: URLSearchParams): StrokeFilter {
  const types = params.get('types');
  const minKa = params.get('min_ka');
  return strokeFilter(
    types ? types.split(',') : undefined,
    minKa !== null && minKa.trim() !== '' ? Number(minKa) : undefined,
  );
}

/** Writes the filter into `params`, removing the parts that filter nothing. */
export function writeFilterParams(params: URLSearchParams, filter: StrokeFilter): void {
  if (filter.types.length < STROKE_TYPES.length) params.set('types', filter.types.join(','));
  else params.delete('types');
  if (filter.minKa > 0) params.set('min_ka', String(filter.minKa));
  else params.delete('min_ka');
}
