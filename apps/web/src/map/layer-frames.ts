import type { GeoJSONSource, Map as MapLibreMap, MapSourceDataEvent } from 'maplibre-gl';
import { holdDrawing, openingHeld } from './frame-gate';

/** However slow its data, a layer switched on lets the map draw again this long after it was added. */
export const LAYER_HOLD_MS = 1_500;
const LOADED_POLL_MS = 50;

/**
 * A layer switched on while the map is shown: the map draws nothing from the moment its GeoJSON source is
 * added until the source has loaded the first data its layer sets on it (`setData`), then one frame with it.
 * MapLibre would draw a frame for each tile of the new source as it arrives, and without a graphics card
 * each frame costs the processor 50–300 ms: a layer showed after five to seven of them. Other layers' updates wait meanwhile, `LAYER_HOLD_MS` at the
 * most. An image source (radar) is one tile, and finishes loading only as it is drawn: it is not held.
 * Nothing is held while the map opens (it shows once, complete: map-reveal.ts). Returns the function that
 * lets go (also called when the layer is removed first).
 */
export function holdUntilFirstData(map: MapLibreMap, sourceId: string): () => void {
  const source = map.getSource(sourceId);
  if (source?.type !== 'geojson' || openingHeld(map)) return () => {};
  const release = holdDrawing(map);
  let dataSet = false;
  const geojson = source as GeoJSONSource;
  const setData = geojson.setData;
  geojson.setData = (...args: Parameters<GeoJSONSource['setData']>) => {
    dataSet = true;
    return setData.apply(geojson, args);
  };
  const restore = () => {
    if (Object.hasOwn(geojson, 'setData')) Reflect.deleteProperty(geojson, 'setData');
  };
  let done = false;
  const letGo = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    clearInterval(poll);
    map.off('sourcedata', onData);
    restore();
    release();
  };
  const check = () => {
    if (dataSet && map.getSource(sourceId) && map.isSourceLoaded(sourceId)) letGo();
  };
  const onData = (e: MapSourceDataEvent) => {
    if (e.sourceId === sourceId) check();
  };
  const timer = setTimeout(letGo, LAYER_HOLD_MS);
  // Polled too, as the opening polls: the last tile's event may come before the data is marked set.
  const poll = setInterval(check, LOADED_POLL_MS);
  map.on('sourcedata', onData);
  return letGo;
}
