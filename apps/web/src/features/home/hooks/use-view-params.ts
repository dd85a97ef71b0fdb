import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { MapViewState } from '../../../map/map-view';

/** Mainland China at a glance. */
export const DEFAULT_VIEW: MapViewState = { center: [105, 35.5], zoom: 3.6 };

function finite(raw: string | null, min: number, max: number): number | null {
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) && value >= min && value <= max ? value : null;
}

/** `?lat=&lon=&zoom=` → the initial view (bookmarks, links from alerts); invalid parts are ignored. */
export function parseView(params: URLSearchParams): MapViewState {
  const lat = finite(params.get('lat'), -85, 85);
  const lon = finite(params.get('lon'), -180, 180);
  const zoom = finite(params.get('zoom'), 0, 16);
  return {
    center: lat !== null && lon !== null ? [lon, lat] : DEFAULT_VIEW.center,
    zoom: zoom ?? DEFAULT_VIEW.zoom,
  };
}

/** Whether the address names a place to show (a valid `lat` and `lon`). */
export function hasView(params: URLSearchParams): boolean {
  return finite(params.get('lat'), -85, 85) !== null && finite(params.get('lon'), -180, 180) !== null;
}

export function viewQuery(view: MapViewState): string {
  const [lon, lat] = view.center;
  return `lat=${lat.toFixed(4)}&lon=${lon.toFixed(4)}&zoom=${view.zoom.toFixed(2)}`;
}

/**
 * The initial view from the URL, and a callback that keeps the URL in step without a navigation, only while
 * the address is still the map's (a map's last move can end after the user has gone to another screen).
 */
export function useViewParams() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  // Read once: later moves write the URL but must not move the map again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the initial view only
  const initial = useMemo(() => parseView(params), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the initial view only
  const fromAddress = useMemo(() => hasView(params), []);
  const remember = useCallback(
    (view: MapViewState) => {
      if (window.location.pathname !== pathname) return;
      // An open scene stays in the address, so a reload opens it again.
      const scene = new URLSearchParams(window.location.search).get('scene');
      const sceneQuery = scene ? `&scene=${encodeURIComponent(scene)}` : '';
      const url = `${pathname}?${viewQuery(view)}${sceneQuery}${window.location.hash}`;
      window.history.replaceState(window.history.state, '', url);
    },
    [pathname],
  );
  return { initial, fromAddress, remember };
}
