import type { FeatureCollection } from 'geojson';
import { useMemo } from 'react';
import { type Bounds, DAY_MS, HOUR_MS } from '../../../lib/stroke-store';
import { bboxParam, densityBbox, densityFeatures, densityResolution } from '../../lightning/density';
import { useDensity } from '../api/get-density';

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

/**
 * The density grid of the last 24 h for the visible area, at a resolution that suits the zoom, summed up to
 * the time the map shows (so a replay builds it up hour by hour).
 */
export function useDensityGrid(
  enabled: boolean,
  bounds: Bounds | null,
  zoom: number,
  now: number,
  shown: number,
) {
  const resolution = densityResolution(zoom);
  const hour = Math.floor(now / HOUR_MS) * HOUR_MS;
  const query =
    enabled && bounds
      ? {
          from: new Date(hour - DAY_MS).toISOString(),
          to: new Date(hour + HOUR_MS).toISOString(),
          resolution,
          bbox: bboxParam(densityBbox(bounds, resolution)),
        }
      : null;
  const density = useDensity(query);
  const shownHour = Math.floor(shown / HOUR_MS) * HOUR_MS;
  const data = useMemo(
    () => (density.data ? densityFeatures(density.data.cells, density.data.resolution, shownHour) : EMPTY),
    [density.data, shownHour],
  );
  return { data, error: density.error, loading: density.isFetching };
}
