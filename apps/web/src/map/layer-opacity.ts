import type { AddLayerObject } from 'maplibre-gl';
import { useEffect } from 'react';
import { useMap } from './map-context';

/** The paint property that makes each layer type see-through. */
const OPACITY_PROP: Record<string, string> = {
  fill: 'fill-opacity',
  line: 'line-opacity',
  circle: 'circle-opacity',
  raster: 'raster-opacity',
};

/**
 * Scales the opacity of a component's layers (whose opacity is a plain number in their spec) by `opacity`
 * (0–1), once `ready` (the source is on the map) and whenever it changes.
 */
export function useLayerOpacity(layers: readonly AddLayerObject[], opacity: number, ready: boolean) {
  const map = useMap();
  useEffect(() => {
    if (!ready) return;
    for (const layer of layers) {
      const prop = OPACITY_PROP[layer.type];
      if (!prop || !map.getLayer(layer.id)) continue;
      const base = (layer as { paint?: Record<string, unknown> }).paint?.[prop];
      const value = typeof base === 'number' ? base : 1;
      map.setPaintProperty(layer.id, prop as 'fill-opacity', Math.max(0, Math.min(1, value * opacity)));
    }
  }, [map, layers, opacity, ready]);
}
