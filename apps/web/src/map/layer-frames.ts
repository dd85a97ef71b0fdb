import type { GeoJSONSource, Map as MapLibreMap, MapSourceDataEvent } from 'maplibre-gl';
import { holdDrawing, openingHeld } from './opening-frames';

/** However slow its data, a layer switched on lets the map draw again this long after it was added. */
export const LAYER_HOLD_MS = 1_500;

/**
 * A layer switched on while the map is shown: the map draws nothing from the moment its source is added
 * until the source has loaded the first data its layer sets on it (a GeoJSON source's `setData`; an image's
 * own), then one frame with it. MapLibre would draw a frame for each tile of the new source as it arrives,
 * and without a graphics card each frame costs the page's main thread 100–150 ms (it reads the frame back):
 * a layer showed after five to seven of them. Other layers' updates wait meanwhile, `LAYER_HOLD_MS` at the
 * most. Nothing is held while the map opens (it shows once, complete: map-reveal.ts). Returns the function
 * that lets go (also called when the layer is removed first).
 */
export function holdUntilFirstData(map: MapLibreMap, sourceId: string): () => void {
  const source = map.getSource(sourceId);
  if (!source || openingHeld(map)) return () => {};
  const release = holdDrawing(map);
  let dataSet = source.type !== 'geojson';
  let restore = () => {};
  if (!dataSet) {
    const geojson = source as GeoJSONSource;
    const setData = geojson.setData;
    geojson.setData = (...args: Parameters<GeoJSONSource['setData']>) => {
      dataSet = true;
      return setData.apply(geojson, args);
    };
    restore = () => {
      if (Object.hasOwn(geojson, 'setData')) Reflect.deleteProperty(geojson, 'setData');
    };
  }
  let done = false;
  const letGo = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    map.off('sourcedata', onData);
    restore();
    release();
  };
  const onData = (e: MapSourceDataEvent) => {
    if (e.sourceId !== sourceId || !dataSet) return;
    if (map.getSource(sourceId) && map.isSourceLoaded(sourceId)) letGo();
  };
  const timer = setTimeout(letGo, LAYER_HOLD_MS);
  map.on('sourcedata', onData);
  return letGo;
}
