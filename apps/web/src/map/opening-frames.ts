import type { Map as MapLibreMap } from 'maplibre-gl';

/** The part of a MapLibre map that draws a frame (not in its typings; MapLibre's version is pinned). */
interface Painter {
  render: (...args: unknown[]) => void;
}

interface Hold {
  count: number;
  /** Of them, an opening map's. */
  opening: number;
  draw: Painter['render'];
  own: boolean;
}
const holds = new WeakMap<object, Hold>();

/**
 * Lets a map update its sources and tiles on each frame but draw nothing, until the returned function is
 * called (which asks for a frame). Holds nest: the map draws again when the last is let go. `opening`: the
 * hold of a map opening unseen (`openingHeld`). A map whose MapLibre has no painter to hold (another version)
 * draws as usual.
 */
export function holdDrawing(map: Pick<MapLibreMap, 'triggerRepaint'>, opening = false): () => void {
  const painter = (map as unknown as { painter?: Partial<Painter> }).painter;
  if (!painter) return () => {};
  let hold = holds.get(painter);
  if (!hold) {
    const draw = painter.render;
    if (typeof draw !== 'function') return () => {};
    hold = { count: 0, opening: 0, draw, own: Object.hasOwn(painter, 'render') };
    holds.set(painter, hold);
    painter.render = () => {};
  }
  hold.count++;
  if (opening) hold.opening++;
  const held = hold;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (opening) held.opening--;
    if (--held.count > 0) return;
    holds.delete(painter);
    // MapLibre's method again (its class's, unless the painter had its own).
    if (held.own) painter.render = held.draw;
    else Reflect.deleteProperty(painter, 'render');
    map.triggerRepaint();
  };
}

/** Whether the map is opening unseen (its drawing held by the opening). */
export function openingHeld(map: Pick<MapLibreMap, 'triggerRepaint'>): boolean {
  const painter = (map as unknown as { painter?: object }).painter;
  return painter !== undefined && (holds.get(painter)?.opening ?? 0) > 0;
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
