import type { Region } from '@thunderwatch/shared/schemas/regions';
import type { Feature, FeatureCollection, MultiPolygon } from 'geojson';

/** Outline colours of the region layer: provinces, and cities (drawn from zoom `CITY_MIN_ZOOM`). */
export const REGION_COLORS = { province: '#c084fc', city: '#e9d5ff' } as const;
/** Cities' outlines are fetched and drawn from this zoom on (339 outlines are too busy over all China). */
export const CITY_MIN_ZOOM = 6;

export interface RegionProps {
  code: string;
  level: 'province' | 'city';
  name: string;
}

/** Regions with an outline as features named in the language shown. */
export function regionOutlines(
  regions: readonly Region[],
  language: string,
): FeatureCollection<MultiPolygon, RegionProps> {
  const features: Feature<MultiPolygon, RegionProps>[] = regions
    .filter((r) => r.geometry)
    .map((r) => ({
      type: 'Feature',
      geometry: r.geometry as MultiPolygon,
      properties: {
        code: r.code,
        level: r.level,
        name: language.startsWith('zh') ? r.name_zh : r.name_en,
      },
    }));
  return { type: 'FeatureCollection', features };
}
