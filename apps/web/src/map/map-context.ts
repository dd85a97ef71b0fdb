import type { Map as MapLibreMap } from 'maplibre-gl';
import { createContext, useContext } from 'react';

/** The one map of a screen; layer components find it here. */
export const MapContext = createContext<MapLibreMap | null>(null);

export function useMap(): MapLibreMap {
  const map = useContext(MapContext);
  if (!map) throw new Error('useMap must be used inside <MapView>');
  return map;
}
