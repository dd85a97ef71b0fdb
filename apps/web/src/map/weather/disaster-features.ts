import type { DisasterWarning } from '@thunderwatch/shared/schemas/disaster';
import type { Feature, FeatureCollection, MultiPolygon } from 'geojson';

/** China's meteorological warning colours for levels 1..4: blue, yellow, orange, red. */
export const DISASTER_COLORS: Record<1 | 2 | 3 | 4, string> = {
  1: '#3b82f6',
  2: '#facc15',
  3: '#f97316',
  4: '#dc2626',
};
export const DISASTER_LEVELS = [1, 2, 3, 4] as const;

export type DisasterMapData = FeatureCollection<MultiPolygon, DisasterProps>;

export interface DisasterProps {
  id: number;
  code: string;
  name: string;
  level: number;
  color: string;
}

/**
 * The open warnings as the layer draws them: each city's simplified outline, named in the language shown and
 * coloured by level; lower levels first, so that a higher one is drawn over a neighbour's shared border.
 */
export function disasterMapData(warnings: readonly DisasterWarning[], language: string): DisasterMapData {
  const features: Feature<MultiPolygon, DisasterProps>[] = [...warnings]
    .filter((w) => w.geometry)
    .sort((a, b) => a.level - b.level)
    .map((w) => ({
      type: 'Feature',
      id: w.id,
      geometry: w.geometry as MultiPolygon,
      properties: {
        id: w.id,
        code: w.region.code,
        name: language.startsWith('zh') ? w.region.name_zh : w.region.name_en,
        level: w.level,
        color: DISASTER_COLORS[Math.min(4, Math.max(1, w.level)) as 1 | 2 | 3 | 4],
      },
    }));
  return { type: 'FeatureCollection', features };
}
