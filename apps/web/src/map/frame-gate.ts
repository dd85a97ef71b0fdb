import type { Map as MapLibreMap } from 'maplibre-gl';

/** The part of a MapLibre map that draws a frame (not in its typings; MapLibre's version is pinned). */
interface Painter {
  render: (...args: unknown[]) => void;
}

/** What gates one painter: its holds and who is told of each frame drawn. */
interface Gate {
  holds: number;
  /** Of them, an opening map's. */
  opening: number;
  /** A frame is owed when the last hold goes: one was asked for and not drawn, or a hold let go wants one. */
  owed: boolean;
  afterFrame: (() => void) | null;
  draw: Painter['render'];
  own: boolean;
}
const gates = new WeakMap<object, Gate>();

const painterOf = (map: object) => (map as { painter?: Partial<Painter> }).painter;

/** The painter's gate, put in place of its `render` on first use (null: a MapLibre with no painter). */
function gateOf(painter: Partial<Painter>): Gate | null {
  const found = gates.get(painter);
  if (found) return found;
  const draw = painter.render;
  if (typeof draw !== 'function') return null;
  const gate: Gate = {
    holds: 0,
    opening: 0,
    owed: false,
    afterFrame: null,
    draw,
    own: Object.hasOwn(painter, 'render'),
  };
  gates.set(painter, gate);
  painter.render = (...args: unknown[]) => {
    if (gate.holds > 0) {
      gate.owed = true;
      return;
    }
    gate.draw.apply(painter, args);
    gate.afterFrame?.();
  };
  return gate;
}

/** MapLibre's own method again once nothing gates the painter (its class's, unless it had its own). */
function ungateIfUnused(painter: Partial<Painter>, gate: Gate): void {
  if (gate.holds > 0 || gate.afterFrame) return;
  gates.delete(painter);
  if (gate.own) painter.render = gate.draw;
  else Reflect.deleteProperty(painter, 'render');
}

export interface HoldOptions {
  /** The hold of a map opening unseen (`openingHeld`). */
  opening?: boolean;
  /**
   * Letting go asks for a frame only if the map asked for one meanwhile (a frame on its way to the screen);
   * otherwise it always asks for one (the frame held back).
   */
  quiet?: boolean;
}

/**
 * Lets a map update its sources and tiles on each frame but draw nothing, until the returned function is
 * called. Holds nest: the map draws again when the last is let go, and asks for a frame then. A map whose
 * MapLibre has no painter to hold (another version) draws as usual.
 */
export function holdDrawing(
  map: Pick<MapLibreMap, 'triggerRepaint'>,
  { opening = false, quiet = false }: HoldOptions = {},
): () => void {
  const painter = painterOf(map);
  const gate = painter ? gateOf(painter) : null;
  if (!painter || !gate) return () => {};
  gate.holds++;
  if (opening) gate.opening++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (opening) gate.opening--;
    if (!quiet) gate.owed = true;
    if (--gate.holds > 0) return;
    const owed = gate.owed;
    gate.owed = false;
    ungateIfUnused(painter, gate);
    if (owed) map.triggerRepaint();
  };
}

/** Calls `fn` after each frame the map draws (one at a time per map). Returns the function that stops. */
export function afterEachFrame(map: Pick<MapLibreMap, 'triggerRepaint'>, fn: () => void): () => void {
  const painter = painterOf(map);
  const gate = painter ? gateOf(painter) : null;
  if (!painter || !gate) return () => {};
  gate.afterFrame = fn;
  return () => {
    if (gate.afterFrame !== fn) return;
    gate.afterFrame = null;
    ungateIfUnused(painter, gate);
  };
}

/** Whether the map is opening unseen (its drawing held by the opening). */
export function openingHeld(map: Pick<MapLibreMap, 'triggerRepaint'>): boolean {
  const painter = painterOf(map);
  return painter !== undefined && (gates.get(painter)?.opening ?? 0) > 0;
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
