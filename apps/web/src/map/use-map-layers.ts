import type { AddLayerObject, GeoJSONSource, Map as MapLibreMap, SourceSpecification } from 'maplibre-gl';
import { useEffect, useState } from 'react';
import { holdUntilFirstData } from './layer-frames';
import { useMap } from './map-context';
import { type Slot, slotId } from './map-style';

/**
 * How every layer component uses the map: it adds its source and layers on mount (before its slot), removes
 * them on unmount, and updates data in its own effects. Returns the source once it is on the map. A layer
 * switched on shows in one frame, with its first data (`holdUntilFirstData`).
 */
export function useMapLayers(
  sourceId: string,
  source: SourceSpecification,
  layers: AddLayerObject[],
  slot: Slot,
): GeoJSONSource | null {
  const map = useMap();
  const [added, setAdded] = useState<GeoJSONSource | null>(null);
  // Sources and layers are declared once per component; changing them means remounting it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: added once on mount by design
  useEffect(() => {
    map.addSource(sourceId, source);
    for (const layer of layers) map.addLayer(layer, slotId(slot));
    const letGo = holdUntilFirstData(map, sourceId);
    setAdded(map.getSource<GeoJSONSource>(sourceId) ?? null);
    return () => {
      letGo();
      removeLayers(
        map,
        sourceId,
        layers.map((l) => l.id),
      );
      setAdded(null);
    };
  }, [map]);
  return added;
}

function removeLayers(map: MapLibreMap, sourceId: string, layerIds: string[]) {
  try {
    for (const id of layerIds) if (map.getLayer(id)) map.removeLayer(id);
    if (map.getSource(sourceId)) map.removeSource(sourceId);
  } catch {
    // The map itself is already gone (the whole screen unmounted): nothing left to remove.
  }
}
