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

/** A bearing in degrees as −180 < b ≤ 180, to 0.1°. */
export function normalBearing(degrees: number): number {
  const b = Math.round(((((degrees % 360) + 540) % 360) - 180) * 10) / 10;
  return b === -180 ? 180 : b + 0;
}

/**
 * `?lat=&lon=&zoom=&bearing=` → the initial view (bookmarks, links from alerts); invalid parts are ignored,
 * and a north-up view has no bearing.
 */
export function parseView(params: URLSearchParams): MapViewState {
  const lat = finite(params.get('lat'), -85, 85);
  const lon = finite(params.get('lon'), -180, 180);
  const zoom = finite(params.get('zoom'), 0, 16);
  const bearing = finite(params.get('bearing'), -360, 360);
  const view: MapViewState = {
    center: lat !== null && lon !== null ? [lon, lat] : DEFAULT_VIEW.center,
    zoom: zoom ?? DEFAULT_VIEW.zoom,
  };
  if (bearing !== null && normalBearing(bearing) !== 0) view.bearing = normalBearing(bearing);
  return view;
}

/** Whether the address names a place to show (a valid `lat` and `lon`). */
export function hasView(params: URLSearchParams): boolean {
  return finite(params.get('lat'), -85, 85) !== null && finite(params.get('lon'), -180, 180) !== null;
}

export function viewQuery(view: MapViewState): string {
  const [lon, lat] = view.center;
  const bearing = normalBearing(view.bearing ?? 0);
  const turned = bearing !== 0 ? `&bearing=${bearing.toFixed(1)}` : '';
  return `lat=${lat.toFixed(4)}&lon=${lon.toFixed(4)}&zoom=${view.zoom.toFixed(2)}${turned}`;
}

/** What the home address keeps besides the view: the open scene and the stroke filter. */
const KEPT_PARAMS = ['scene', 'types', 'min_ka'];

/** The address of `view`, keeping the kept parameters of `search`. */
export function viewSearch(view: MapViewState, search: string): string {
  const old = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of KEPT_PARAMS) {
    const value = old.get(name);
    if (value) kept.set(name, value);
  }
  const rest = kept.toString();
  return `?${viewQuery(view)}${rest ? `&${rest}` : ''}`;
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
      // An open scene and the stroke filter stay in the address, so a reload shows them again.
      const url = `${pathname}${viewSearch(view, window.location.search)}${window.location.hash}`;
      window.history.replaceState(window.history.state, '', url);
    },
    [pathname],
  );
  return { initial, fromAddress, remember };
}
