import type { Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { MapReveal } from './map-reveal';

export interface Reveal {
  /** Whether the map still hides its canvas while it opens (see `MapReveal`). */
  hidden: boolean;
  /**
   * Opens a map unseen; called as the map is made, before its style loads. Returns the function that stops.
   *
   * As it is made, not once it loaded: the layer components mount on the load, and React runs their effects
   * (which add their sources, `useMapLayers`) before their parent's. An opening begun in the parent's effect
   * began after them, so each of them held the map as a layer switched on does (`holdUntilFirstData`): until
   * its first features, or 1.5 s for a layer with none, and home opened 1-1.5 s late.
   */
  openUnseen: (map: MapLibreMap) => () => void;
}

/** A map screen's opening: unseen from the map's making until its first data are drawn (`ready`: set). */
export function useReveal(ready: boolean): Reveal {
  const [hidden, setHidden] = useState(true);
  const reveal = useRef<MapReveal | null>(null);
  const readyNow = useRef(ready);
  readyNow.current = ready;

  const openUnseen = useCallback((map: MapLibreMap) => {
    const opening = new MapReveal(map, () => setHidden(false));
    opening.setReady(readyNow.current);
    reveal.current = opening;
    return () => {
      opening.dispose();
      if (reveal.current === opening) reveal.current = null;
    };
  }, []);

  useEffect(() => {
    reveal.current?.setReady(ready);
  }, [ready]);

  return { hidden, openUnseen };
}
