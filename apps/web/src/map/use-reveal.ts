import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { MapReveal } from './map-reveal';

/** Whether a new map still hides its canvas while it opens (see `MapReveal`). */
export function useReveal(map: MapLibreMap | null, ready: boolean): boolean {
  const [hidden, setHidden] = useState(true);
  const reveal = useRef<MapReveal | null>(null);
  const readyNow = useRef(ready);
  readyNow.current = ready;

  useEffect(() => {
    if (!map) return;
    const opening = new MapReveal(map, () => setHidden(false));
    opening.setReady(readyNow.current);
    reveal.current = opening;
    return () => {
      opening.dispose();
      reveal.current = null;
    };
  }, [map]);

  useEffect(() => {
    reveal.current?.setReady(ready);
  }, [ready]);

  return hidden;
}
