import type {
  AddLayerObject,
  CanvasSourceSpecification,
  Map as MapLibreMap,
  SourceSpecification,
} from 'maplibre-gl';
import { holdDrawing, makePrograms } from './frame-gate';
import { drawUnseen, presentedInSoftware } from './software-present';

/** A layer's styles, and what they draw in its warm-up. */
export interface LayerWarmUp {
  layers: readonly AddLayerObject[];
  /** A source near a point with something each of the layers draws: features their filters pass, an image. */
  source: (centre: [number, number]) => SourceSpecification | CanvasSourceSpecification;
  /** Adds the images its symbols use (left on the map, as the layer leaves them). */
  images?: (map: MapLibreMap) => void;
}

/** However slow the worker, the map draws again this long after a warm-up began. */
export const WARM_UP_WAIT_MS = 1_500;
const LOADED_POLL_MS = 50;
const PREFIX = 'warm-up';

/** What the warm-up uses of a MapLibre map. */
export type WarmUpMap = Pick<
  MapLibreMap,
  | 'addSource'
  | 'addLayer'
  | 'getLayer'
  | 'getSource'
  | 'removeLayer'
  | 'removeSource'
  | 'isSourceLoaded'
  | 'getCenter'
  | 'triggerRepaint'
  | 'getCanvas'
>;

/**
 * Without a graphics card, draws the layers of `warmUps` once, unseen, around the map's centre, so that a layer
 * switched on later shows in a frame of the usual cost: its first frame would also compile its shaders in the
 * processor (the storm cells' fills, dashed lines, circles and icons: a quarter of a second here). Meanwhile the
 * map's frame shown stays (half a second at most, as the GPU draws); the page's main thread is not held.
 * Nothing is done on a map that shows its own canvas (`presentedInSoftware`). Returns the function that stops
 * (the warm-up's layers removed).
 */
export function warmUpLayers(map: WarmUpMap, warmUps: readonly LayerWarmUp[]): () => void {
  if (warmUps.length === 0 || !presentedInSoftware(map)) return () => {};
  const release = holdDrawing(map);
  const { lng, lat } = map.getCenter();
  const sources: string[] = [];
  /** Those a worker loads: an image or canvas source is made ready by the frame that draws it. */
  const loading: string[] = [];
  const layers: string[] = [];
  warmUps.forEach((warmUp, i) => {
    const source = `${PREFIX}-${i}`;
    const spec = warmUp.source([lng, lat]);
    map.addSource(source, spec);
    sources.push(source);
    if (spec.type === 'geojson' || spec.type === 'vector') loading.push(source);
    warmUp.images?.(map as MapLibreMap);
    for (const layer of warmUp.layers) {
      const id = `${source}:${layer.id}`;
      map.addLayer({ ...layer, id, source } as AddLayerObject);
      layers.push(id);
    }
  });
  let done = false;
  const removeAll = () => {
    if (done) return;
    done = true;
    clearInterval(poll);
    clearTimeout(timer);
    try {
      for (const id of layers) if (map.getLayer(id)) map.removeLayer(id);
      for (const id of sources) if (map.getSource(id)) map.removeSource(id);
    } catch {
      // The map itself is already gone.
    }
  };
  let stopMaking = () => {};
  const stop = () => {
    stopMaking();
    removeAll();
    release();
  };
  const poll = setInterval(() => {
    if (!loading.every((id) => map.isSourceLoaded(id))) return;
    clearInterval(poll);
    // Their programs are made first, a few at a time, so that the frame drawing them waits for none.
    stopMaking = makePrograms(map, () => {
      clearTimeout(timer);
      // The next frame, with the warm-up's layers, is drawn unseen; they are gone before the one after it.
      drawUnseen(map, removeAll);
      release();
    });
  }, LOADED_POLL_MS);
  const timer = setTimeout(stop, WARM_UP_WAIT_MS);
  return stop;
}
