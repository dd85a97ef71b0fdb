import type { Map as MapLibreMap } from 'maplibre-gl';

/**
 * The part of a MapLibre map that draws a frame, one layer of it, its WebGL context, and the shader programs
 * made so far (not in its typings; MapLibre's version is pinned).
 */
interface Painter {
  render: (...args: unknown[]) => void;
  renderLayer?: (...args: unknown[]) => void;
  context?: { gl?: object };
  programCache?: { programs?: Record<string, unknown> };
}

/** A frame that makes programs and draws nothing (`makePrograms`). */
interface ProgramsFrame {
  budgetMs: number;
  done: (all: boolean) => void;
  repaint: () => void;
}

/** What gates one painter: its holds and who is told of each frame drawn. */
interface Gate {
  holds: number;
  /** Of them, an opening map's. */
  opening: number;
  /** A frame is owed when the last hold goes: one was asked for and not drawn, or a hold let go wants one. */
  owed: boolean;
  afterFrame: (() => void) | null;
  /** The next frame, whatever holds it, makes programs and draws nothing. */
  programsOnly: ProgramsFrame | null;
  /** The next frame is drawn whatever holds it, and this is called after it. */
  through: (() => void) | null;
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
    programsOnly: null,
    through: null,
    draw,
    own: Object.hasOwn(painter, 'render'),
  };
  gates.set(painter, gate);
  painter.render = (...args: unknown[]) => {
    const programsOnly = gate.programsOnly;
    if (programsOnly) {
      gate.programsOnly = null;
      let all: boolean;
      try {
        all = makeProgramsWithin(painter, gate, args, programsOnly.budgetMs);
      } finally {
        // Nothing was drawn: the frame asked for is still owed.
        if (gate.holds > 0) gate.owed = true;
        else programsOnly.repaint();
      }
      programsOnly.done(all);
      ungateIfUnused(painter, gate);
      return;
    }
    const through = gate.through;
    if (through) {
      gate.through = null;
      gate.draw.apply(painter, args);
      through();
      ungateIfUnused(painter, gate);
      return;
    }
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
  if (gate.holds > 0 || gate.afterFrame || gate.programsOnly || gate.through) return;
  gates.delete(painter);
  if (gate.own) painter.render = gate.draw;
  else Reflect.deleteProperty(painter, 'render');
}

/** How many shader programs the painter has made (null: a MapLibre that does not say). */
function programsMade(painter: Partial<Painter>): number | null {
  const programs = painter.programCache?.programs;
  return programs ? Object.keys(programs).length : null;
}

/** What a programs-only frame keeps from WebGL: the calls that draw. */
const DRAWING_CALLS = ['drawElements', 'clear'] as const;

/**
 * Runs MapLibre's frame with WebGL's drawing calls left out, its layers only until it has taken `budgetMs`
 * and made a shader program (so each frame that stops early has made one, and the frames that follow end).
 * Answers whether every layer was reached; true at once on a MapLibre that does not say what it made.
 */
function makeProgramsWithin(
  painter: Partial<Painter>,
  gate: Gate,
  args: unknown[],
  budgetMs: number,
): boolean {
  const before = programsMade(painter);
  const renderLayer = painter.renderLayer;
  const gl = painter.context?.gl as Record<string, unknown> | undefined;
  if (before === null || typeof renderLayer !== 'function' || !gl) return true;
  const start = performance.now();
  let stopped = false;
  const restore = [
    shadow(painter, 'renderLayer', function (this: unknown, ...layerArgs: unknown[]) {
      if (stopped || (performance.now() - start >= budgetMs && (programsMade(painter) ?? before) > before)) {
        stopped = true;
        return;
      }
      renderLayer.apply(this, layerArgs);
    }),
    ...DRAWING_CALLS.map((call) => shadow(gl, call, () => {})),
  ];
  try {
    gate.draw.apply(painter, args);
  } finally {
    for (const undo of restore) undo();
  }
  return !stopped;
}

/** Puts `value` in place of an object's method; returns the function that puts the method back. */
function shadow(target: object, key: string, value: unknown): () => void {
  const own = Object.getOwnPropertyDescriptor(target, key);
  Object.defineProperty(target, key, { value, configurable: true, writable: true });
  return () => {
    if (own) Object.defineProperty(target, key, own);
    else Reflect.deleteProperty(target, key);
  };
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

/** How often the GPU is asked whether it has linked the programs a frame made. */
export const LINKED_POLL_MS = 8;
/** How long a frame that makes programs goes on making them (`makePrograms`). */
export const PROGRAMS_FRAME_BUDGET_MS = 50;

/**
 * Makes every shader program the map's layers need now, in frames that draw nothing, whatever holds the map:
 * each frame's layers make their programs and take their data to the GPU until it has taken `budgetMs` of the
 * page's main thread and made one, and the next runs once the GPU has linked them. Then `done` is called (in
 * a task of its own); the frame owed stays owed. Returns the function that stops.
 *
 * Why: a map's first frame makes each layer's program, and each waits for the GPU to link it behind the
 * layers drawn before: such a frame blocked the page for 150-200 ms without a graphics card. Made beforehand,
 * with nothing drawn in between, they take tens of milliseconds, and the frame drawn next waits for none.
 * On a MapLibre that does not say what it made, `done` is called at once.
 */
export function makePrograms(
  map: Pick<MapLibreMap, 'triggerRepaint' | 'getCanvas'>,
  done: () => void,
  budgetMs = PROGRAMS_FRAME_BUDGET_MS,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopFrame = () => {};
  let stopWaiting = () => {};
  const next = () => {
    stopFrame = programsFrame(map, budgetMs, (all) => {
      if (all) timer = setTimeout(done, 0);
      else stopWaiting = whenGpuDone(map, next, LINKED_POLL_MS);
    });
  };
  next();
  return () => {
    stopFrame();
    stopWaiting();
    clearTimeout(timer);
  };
}

/** Asks for one frame that only makes programs (`makeProgramsWithin`); returns the function that gives it up. */
function programsFrame(
  map: Pick<MapLibreMap, 'triggerRepaint'>,
  budgetMs: number,
  done: (all: boolean) => void,
): () => void {
  const painter = painterOf(map);
  const gate = painter && programsMade(painter) !== null ? gateOf(painter) : null;
  if (!painter || !gate) {
    done(true);
    return () => {};
  }
  const frame: ProgramsFrame = { budgetMs, done, repaint: () => map.triggerRepaint() };
  gate.programsOnly = frame;
  map.triggerRepaint();
  return () => {
    if (gate.programsOnly !== frame) return;
    gate.programsOnly = null;
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

/**
 * Draws the map's next frame whatever holds it (the frames after it are held again), not shown by whoever is
 * told of each frame drawn (`afterEachFrame`); then calls `drawn`. Returns the function that gives it up.
 */
export function drawThrough(map: Pick<MapLibreMap, 'triggerRepaint'>, drawn: () => void): () => void {
  const painter = painterOf(map);
  const gate = painter ? gateOf(painter) : null;
  if (!painter || !gate) {
    drawn();
    return () => {};
  }
  gate.through = drawn;
  map.triggerRepaint();
  return () => {
    if (gate.through !== drawn) return;
    gate.through = null;
    ungateIfUnused(painter, gate);
  };
}
