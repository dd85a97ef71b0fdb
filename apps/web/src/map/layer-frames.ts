import type { GeoJSONSource, Map as MapLibreMap, MapSourceDataEvent } from 'maplibre-gl';
import { holdDrawing, openingHeld } from './frame-gate';

/** However slow its data, a layer switched on lets the map draw again this long after a hold began. */
export const LAYER_HOLD_MS = 1_500;
const LOADED_POLL_MS = 50;

type SourceData = Parameters<GeoJSONSource['setData']>[0];

/** Whether data set on a source carry something to draw (a URL is taken to: it is fetched by the worker). */
function hasFeatures(data: SourceData): boolean {
  if (typeof data === 'string') return true;
  return data.type !== 'FeatureCollection' || data.features.length > 0;
}

/**
 * A layer switched on while the map is shown: the map draws nothing while its GeoJSON source loads what it was
 * given (from the moment it is added, and again from each `setData`), until the source has loaded the first
 * data with features, then one frame with them. In between (the layer's data on their way from the server,
 * an empty placeholder set meanwhile) the map draws as usual.
 *
 * Why: MapLibre would draw a frame for each tile of the new source as it arrives, and without a graphics card
 * each frame costs 50–300 ms: a layer showed after several of them; and a frame begun while the source's
 * worker was still cutting its tiles made the layer's own frame wait behind it. Other layers' updates wait
 * meanwhile, `LAYER_HOLD_MS` at the most each time. An image source (radar) is one tile, and finishes loading
 * only as it is drawn: it is not held. Nothing is held while the map opens (it shows once, complete:
 * map-reveal.ts). Returns the function that lets go (also called when the layer is removed first).
 */
export function holdUntilFirstData(map: MapLibreMap, sourceId: string): () => void {
  const source = map.getSource(sourceId);
  if (source?.type !== 'geojson' || openingHeld(map)) return () => {};
  const geojson = source as GeoJSONSource;
  let release: (() => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let poll: ReturnType<typeof setInterval> | undefined;
  /** Data were set since the hold began, and whether they were the first with features. */
  let dataSet = false;
  let withFeatures = false;
  let done = false;

  const letGoHold = () => {
    clearTimeout(timer);
    clearInterval(poll);
    const letGo = release;
    release = null;
    letGo?.();
    if (withFeatures) finish();
  };
  const check = () => {
    if (release && dataSet && map.getSource(sourceId) && map.isSourceLoaded(sourceId)) letGoHold();
  };
  const hold = () => {
    dataSet = false;
    if (release) return;
    release = holdDrawing(map);
    timer = setTimeout(letGoHold, LAYER_HOLD_MS);
    // Polled too, as the opening polls: the last tile's event may come before the data is marked set.
    poll = setInterval(check, LOADED_POLL_MS);
  };
  const onData = (e: MapSourceDataEvent) => {
    // A source's new data are announced twice: 'metadata' (its tiles not yet asked to reload: they still
    // hold the old data, loaded), then 'content' (its tiles reloading). Only the second says anything.
    if (e.sourceId === sourceId && e.sourceDataType !== 'metadata') check();
  };
  const setData = geojson.setData;
  geojson.setData = (data: SourceData) => {
    hold();
    const result = setData.call(geojson, data);
    dataSet = true;
    withFeatures ||= hasFeatures(data);
    return result;
  };
  const finish = () => {
    if (done) return;
    done = true;
    map.off('sourcedata', onData);
    if (Object.hasOwn(geojson, 'setData')) Reflect.deleteProperty(geojson, 'setData');
    letGoHold();
  };
  map.on('sourcedata', onData);
  hold();
  return finish;
}
