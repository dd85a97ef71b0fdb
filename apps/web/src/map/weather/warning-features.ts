import type { WeatherWarning, WeatherWarningLevel } from '@thunderwatch/shared/schemas/weather-warning';
import { WEATHER_WARNING_LEVELS } from '@thunderwatch/shared/weather-warning-levels';
import type { Feature, FeatureCollection, MultiPolygon } from 'geojson';

/** CMA warning colours as the board's chips show them (blue, yellow, orange, red). */
export const WEATHER_WARNING_COLORS: Record<WeatherWarningLevel, string> = {
  blue: '#1e6fd9',
  yellow: '#f5c400',
  orange: '#f28c00',
  red: '#d7191c',
};

export interface WeatherWarningProps {
  id: number;
  level: WeatherWarningLevel;
  color: string;
}

export type WeatherWarningMapData = FeatureCollection<MultiPolygon, WeatherWarningProps>;

/**
 * The open official warnings as the layer draws them: each warning's area (polygons and circles as the API
 * gives them) in its colour; weakest first, so a red area is drawn over a yellow one it overlaps. Warnings
 * named by geocodes only have no area and are left out.
 */
export function weatherWarningMapData(warnings: readonly WeatherWarning[]): WeatherWarningMapData {
  const rank = (w: WeatherWarning) => WEATHER_WARNING_LEVELS.indexOf(w.level);
  const features: Feature<MultiPolygon, WeatherWarningProps>[] = warnings
    .filter((w) => w.area !== null && w.area.coordinates.length > 0)
    .sort((a, b) => rank(a) - rank(b) || a.id - b.id)
    .map((w) => ({
      type: 'Feature',
      id: w.id,
      geometry: w.area as MultiPolygon,
      properties: { id: w.id, level: w.level, color: WEATHER_WARNING_COLORS[w.level] },
    }));
  return { type: 'FeatureCollection', features };
}
