import type { Basemap } from '@thunderwatch/shared/schemas/map';
import type { RasterTileSource } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { useMap } from '../map-context';
import { slotId } from '../map-style';
import { useMapLanguage } from '../use-map-language';
import { labelTiles, ONLINE_LABELS_SOURCE, onlineBasemap } from './basemap-style';

/** The `BASEMAP` raster tiles under the data; label tiles (Tianditu) follow the interface language. */
export function OnlineBasemapLayer({ basemap }: { basemap: Basemap }) {
  const map = useMap();
  const language = useMapLanguage();
  const initialLanguage = useRef(language);

  useEffect(() => {
    const parts = onlineBasemap(basemap, initialLanguage.current);
    if (!parts) return;
    for (const [id, spec] of Object.entries(parts.sources)) map.addSource(id, spec);
    for (const layer of parts.layers) map.addLayer(layer, slotId('basemap'));
    return () => {
      try {
        for (const layer of parts.layers) if (map.getLayer(layer.id)) map.removeLayer(layer.id);
        for (const id of Object.keys(parts.sources)) if (map.getSource(id)) map.removeSource(id);
      } catch {
        // The map itself is already gone (the whole screen unmounted).
      }
    };
  }, [map, basemap]);

  useEffect(() => {
    const tiles = labelTiles(basemap, language);
    const source = map.getSource<RasterTileSource>(ONLINE_LABELS_SOURCE);
    if (tiles && source) source.setTiles(tiles);
  }, [map, basemap, language]);
  return null;
}
