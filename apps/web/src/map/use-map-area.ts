import { useEffect, useState } from 'react';
import { useMap } from './map-context';
import type { MapArea } from './scene/scene-layers';

/** The map's visible area and zoom, updated after each move. */
export function useMapArea(): MapArea | null {
  const map = useMap();
  const [area, setArea] = useState<MapArea | null>(null);
  useEffect(() => {
    const moved = () => {
      const b = map.getBounds();
      setArea({
        zoom: map.getZoom(),
        bounds: { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() },
      });
    };
    moved();
    map.on('moveend', moved);
    return () => {
      map.off('moveend', moved);
    };
  }, [map]);
  return area;
}
