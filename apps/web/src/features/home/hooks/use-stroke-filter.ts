import type { Scene } from '@thunderwatch/shared/schemas/layers';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import {
  filterFromParams,
  filterOfScene,
  NO_STROKE_FILTER,
  type StrokeFilter,
  sameFilter,
  strokeFilter,
  writeFilterParams,
} from '../../../lib/stroke-filter';

/**
 * The home map's stroke filter: from the address (`?types=&min_ka=`) at first, then an opened scene's (and
 * none once the scene is closed); each change is written back to the address without a navigation.
 */
export function useStrokeFilter(scene: Scene | undefined) {
  const { pathname, search: routed } = useLocation();
  const [filter, setFilter] = useState<StrokeFilter>(() =>
    filterFromParams(new URLSearchParams(window.location.search)),
  );
  const [filterOf, setFilterOf] = useState(scene);
  if (filterOf !== scene) {
    setFilterOf(scene);
    const next = scene ? filterOfScene(scene.filters) : NO_STROKE_FILTER;
    if (!sameFilter(next, filter)) setFilter(next);
  }

  // Also after a navigation (opening a scene), which drops the filter from the address.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `routed` marks navigations
  useEffect(() => {
    if (window.location.pathname !== pathname) return;
    const params = new URLSearchParams(window.location.search);
    writeFilterParams(params, filter);
    const search = params.size > 0 ? `?${params}` : '';
    if (search === window.location.search) return;
    window.history.replaceState(window.history.state, '', `${pathname}${search}${window.location.hash}`);
  }, [filter, pathname, routed]);

  const set = useCallback(
    (patch: Partial<StrokeFilter>) =>
      setFilter((now) => {
        const next = strokeFilter(patch.types ?? now.types, patch.minKa ?? now.minKa);
        return sameFilter(next, now) ? now : next;
      }),
    [],
  );
  return { filter, set };
}
