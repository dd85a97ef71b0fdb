import type { Position } from '@thunderwatch/shared/schemas/geo';
import { useEffect, useRef } from 'react';
import { useMap } from './map-context';

interface FitBoundsProps {
  /** West-south and east-north corners; nothing happens while null. */
  bounds: [Position, Position] | null;
  /** The map moves only when this changes (a selection, the first load), not on every render. */
  fitKey: string | number;
  maxZoom?: number;
}

/**
 * Moves the map to show `bounds` whenever `fitKey` changes: at once the first time (the screen opening, where
 * an animation only draws frames nobody needs, each costly on a PC without a graphics card), in 400 ms after.
 */
export function FitBounds({ bounds, fitKey, maxZoom = 10 }: FitBoundsProps) {
  const map = useMap();
  const fitted = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new key moves the map
  useEffect(() => {
    if (!bounds) return;
    map.fitBounds(bounds, { padding: 48, maxZoom, duration: fitted.current ? 400 : 0 });
    fitted.current = true;
  }, [map, fitKey]);
  return null;
}
