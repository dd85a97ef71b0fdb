import type { Map as MapLibreMap } from 'maplibre-gl';
import { afterEachFrame, holdDrawing, whenGpuDone } from './frame-gate';

/**
 * WebGL drawn by the processor, as browsers name it: SwiftShader (Chromium without a usable graphics card),
 * llvmpipe and softpipe (Mesa, Firefox on Linux), Microsoft's Basic Render Driver (Windows without a driver).
 */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|basic render|software/i;

export function isSoftwareRenderer(name: string): boolean {
  return SOFTWARE_RENDERER.test(name);
}

let software: boolean | undefined;

/** Whether this browser draws WebGL without a graphics card (asked once, of a context of one pixel). */
export function softwareWebGl(): boolean {
  if (software !== undefined) return software;
  software = false;
  try {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const gl = canvas.getContext('webgl2');
    if (!gl) return software;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    software = isSoftwareRenderer(String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER)));
    gl.getExtension('WEBGL_lose_context')?.loseContext();
  } catch {
    // No WebGL 2 to ask: the map draws as MapLibre does.
  }
  return software;
}

/** Where the map's frames are shown once drawn. */
export interface PresentSurface {
  /** Shows the frame the map's canvas holds now. */
  copy(): void;
  /** Whether a frame is on its way (drawn, not yet shown). */
  drawing(onItsWay: boolean): void;
  remove(): void;
}

export type PresentMap = Pick<MapLibreMap, 'triggerRepaint' | 'getCanvas'>;

/** The maps shown by `presentOnceDrawn`, and how each draws a frame not shown. */
const presents = new WeakMap<object, { drawUnseen: (done: () => void) => void }>();

/** How often a frame on its way is asked whether the GPU has finished it. */
export const PRESENT_POLL_MS = 8;
/**
 * However the GPU answers (a fence that never signals), a frame is shown this long after it was drawn (its
 * copy then waits for the GPU on the main thread), and the map draws again.
 */
export const PRESENT_DEADLINE_MS = 2_000;

/**
 * Shows each frame the map draws on `surface` once the GPU has finished it, and draws no other frame until
 * then (the map's latest state is drawn next, if it changed meanwhile). Returns the function that stops.
 *
 * Why: a browser that draws WebGL in software and shows the page without a graphics card reads each frame of
 * a visible WebGL canvas back on the page's main thread, waiting there until the frame is drawn: 50-300 ms a
 * frame on a laptop's processor, so every pan, layer and live stroke froze the page. An unseen canvas is not
 * read back; the frame, finished, costs a copy of a few milliseconds.
 */
export function presentOnceDrawn(map: PresentMap, surface: PresentSurface): () => void {
  let release: (() => void) | null = null;
  let stopWaiting: (() => void) | null = null;
  let nextUnseen: (() => void) | null = null;
  let deadline: ReturnType<typeof setTimeout> | null = null;
  const drawn = () => {
    if (release) return;
    release = holdDrawing(map, { quiet: true });
    const unseen = nextUnseen;
    nextUnseen = null;
    if (!unseen) surface.drawing(true);
    let done = false;
    const finished = () => {
      if (done) return;
      done = true;
      stopWaiting?.();
      stopWaiting = null;
      if (deadline !== null) clearTimeout(deadline);
      deadline = null;
      if (unseen) unseen();
      else {
        // A lost context has nothing to copy: the last frame shown stays until MapLibre draws again.
        if (!map.getCanvas().getContext('webgl2')?.isContextLost()) surface.copy();
        surface.drawing(false);
      }
      const letGo = release;
      release = null;
      letGo?.();
    };
    deadline = setTimeout(finished, PRESENT_DEADLINE_MS);
    stopWaiting = whenGpuDone(map, finished, PRESENT_POLL_MS);
    if (done) stopWaiting = null;
  };
  const stopFrames = afterEachFrame(map, drawn);
  presents.set(map, {
    drawUnseen: (done) => {
      nextUnseen = done;
    },
  });
  return () => {
    presents.delete(map);
    stopFrames();
    stopWaiting?.();
    stopWaiting = null;
    if (deadline !== null) clearTimeout(deadline);
    deadline = null;
    release?.();
    release = null;
    surface.remove();
  };
}

/** Whether the map's frames are shown by `presentOnceDrawn`. */
export function presentedInSoftware(map: object): boolean {
  return presents.has(map);
}

/**
 * On a map shown by `presentOnceDrawn` (one at a time): its next frame is drawn and not shown (the frame shown
 * stays), and `done` is called once the GPU has finished it, before any other frame is drawn. False (and `done`
 * never called) on a map that shows its own canvas.
 */
export function drawUnseen(map: object, done: () => void): boolean {
  const present = presents.get(map);
  present?.drawUnseen(done);
  return present !== undefined;
}

/** A 2D canvas over MapLibre's, which stays in place unseen (it still takes the clicks and drags). */
function canvasSurface(drawn: HTMLCanvasElement): PresentSurface | null {
  const shown = document.createElement('canvas');
  const context = shown.getContext('2d');
  if (!context) return null;
  shown.className = 'map-present';
  shown.setAttribute('aria-hidden', 'true');
  drawn.after(shown);
  drawn.classList.add('map-drawn-unseen');
  return {
    copy() {
      if (shown.width !== drawn.width || shown.height !== drawn.height) {
        shown.width = drawn.width;
        shown.height = drawn.height;
      }
      shown.style.width = drawn.style.width;
      shown.style.height = drawn.style.height;
      // The frame replaces the last, its transparent parts too.
      context.globalCompositeOperation = 'copy';
      context.drawImage(drawn, 0, 0);
    },
    drawing(onItsWay) {
      // For whoever waits for the map to show what it drew (the end-to-end tests, bench/map-open).
      shown.toggleAttribute('data-drawing', onItsWay);
    },
    remove() {
      shown.remove();
      drawn.classList.remove('map-drawn-unseen');
    },
  };
}

/**
 * On a browser that draws WebGL in software (`softwareWebGl`; the map made with `preserveDrawingBuffer`, so
 * that a finished frame can still be copied after the task that drew it), shows the map's frames by
 * `presentOnceDrawn`. Elsewhere, or without WebGL 2's fences, the map shows its own canvas.
 */
export function presentInSoftware(map: MapLibreMap): () => void {
  const canvas = map.getCanvas();
  if (!softwareWebGl() || !canvas.getContext('webgl2')) return () => {};
  const surface = canvasSurface(canvas);
  return surface ? presentOnceDrawn(map, surface) : () => {};
}
