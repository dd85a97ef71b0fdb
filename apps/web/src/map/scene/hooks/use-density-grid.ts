import { useMemo } from 'react';
import { type Bounds, DAY_MS, HOUR_MS } from '../../../lib/stroke-store';
import {
  bboxParam,
  type DensityGrid,
  densityBbox,
  densityResolution,
  densitySums,
} from '../../lightning/density';
import { useDensity } from '../api/get-density';

const EMPTY: DensityGrid = { resolution: 1, cells: [] };

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
  const grid = useMemo(
    (): DensityGrid =>
      density.data
        ? { resolution: density.data.resolution, cells: densitySums(density.data.cells, shownHour) }
        : EMPTY,
    [density.data, shownHour],
  );
  return { grid, error: density.error, loading: density.isFetching };
}
