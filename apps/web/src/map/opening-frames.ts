import type { Map as MapLibreMap } from 'maplibre-gl';

/** The part of a MapLibre map that draws a frame (not in its typings; MapLibre's version is pinned). */
interface Painter {
  render: (...args: unknown[]) => void;
}

/**
 * Lets a map update its sources and tiles on each frame but draw nothing, until the returned function is
 * called (which asks for a frame). A map whose MapLibre has no painter to hold (another version) draws as
 * usual.
 */
export function holdDrawing(map: Pick<MapLibreMap, 'triggerRepaint'>): () => void {
  const painter = (map as unknown as { painter?: Partial<Painter> }).painter;
  const draw = painter?.render;
  if (!painter || typeof draw !== 'function') return () => {};
  const own = Object.hasOwn(painter, 'render');
  painter.render = () => {};
  return () => {
    // MapLibre's method again (its class's, unless the painter had its own).
    if (own) painter.render = draw;
    else Reflect.deleteProperty(painter, 'render');
    map.triggerRepaint();
  };
}

/**
 * Calls `done` once the GPU has run every command the map gave it so far (a fence, polled without waiting):
 * at once without WebGL 2. Returns the function that stops waiting.
 */
export function whenGpuDone(map: Pick<MapLibreMap, 'getCanvas'>, done: () => void, pollMs = 50): () => void {
  const gl = map.getCanvas().getContext('webgl2');
  const fence = gl?.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0) ?? null;
  if (!gl || !fence) {
    done();
    return () => {};
  }
  gl.flush();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const poll = () => {
    timer = null;
    if (gl.isContextLost() || gl.getSyncParameter(fence, gl.SYNC_STATUS) === gl.SIGNALED) {
      if (!gl.isContextLost()) gl.deleteSync(fence);
      done();
      return;
    }
    timer = setTimeout(poll, pollMs);
  };
  timer = setTimeout(poll, pollMs);
  return () => {
    if (timer === null) return;
    clearTimeout(timer);
    if (!gl.isContextLost()) gl.deleteSync(fence);
  };
}
