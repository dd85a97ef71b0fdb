import type { Map as MapLibreMap } from 'maplibre-gl';
import { drawThrough, holdDrawing, makePrograms, whenGpuDone } from './frame-gate';

/** However slow a source, the map shows this long after it was made... */
export const LOAD_DEADLINE_MS = 4_000;
/** ...and this long after it began drawing unseen, however busy the GPU. */
export const DRAW_DEADLINE_MS = 3_000;
const LOADED_POLL_MS = 50;
/** How often the GPU is asked whether it has drawn the first frame (each wait delays the map showing). */
const DRAWN_POLL_MS = 8;

/** What the reveal uses of a MapLibre map. */
export type RevealMap = Pick<
  MapLibreMap,
  | 'loaded'
  | 'areTilesLoaded'
  | 'getStyle'
  | 'getSource'
  | 'isSourceLoaded'
  | 'once'
  | 'off'
  | 'triggerRepaint'
  | 'getCanvas'
>;

/** Sources of one image, which MapLibre marks loaded only as it draws them. */
const IMAGE_SOURCES = new Set(['image', 'canvas']);

/** How many of the map's sources have loaded all they can before it draws, of how many it has. */
function sourcesLoaded(map: RevealMap): { loaded: number; of: number } {
  const sources = Object.keys(map.getStyle()?.sources ?? {});
  const loaded = sources.filter((id) => {
    const source = map.getSource(id);
    if (!source) return false;
    return IMAGE_SOURCES.has(source.type) ? source.loaded() : map.isSourceLoaded(id);
  });
  return { loaded: loaded.length, of: sources.length };
}

/**
 * Whether the map has loaded all it can before it draws. MapLibre's own answer (`loaded`) waits for an image
 * source's one tile (the radar's, the density grid's), which it marks loaded only as it draws it: a map held
 * until then waited for the deadline. Such a source counts once its image has loaded; every other source
 * once it and its tiles in view have. `sources`: the map's `sourcesLoaded`, if already counted.
 */
export function loadedToDraw(map: RevealMap, sources = sourcesLoaded(map)): boolean {
  if (map.loaded() && map.areTilesLoaded()) return true;
  return sources.of > 0 && sources.loaded === sources.of;
}

/**
 * How a new map opens unseen. It loads its tiles and the screen's first data without showing them
 * (`holdDrawing`); once the data are set (`setReady(true)`) and every tile is loaded, it makes its layers'
 * shader programs over as many tasks as they take (`makePrograms`), then draws one frame unseen (the GPU takes
 * the data then), and `onShown` is called when the GPU is done with that frame. A map whose tiles or data are
 * late shows what it has after `LOAD_DEADLINE_MS`.
 *
 * Meanwhile, each time more of its sources have loaded than when it last did, it draws a frame ahead, unseen
 * (`drawThrough`), one at a time (the next once the GPU is done with the last): what the GPU does the first
 * time it draws a layer's data (without a graphics card, home's sites, names and strokes took it 0.5-0.9 s,
 * the frames after it a tenth of that) is done while the rest still loads. The frame it shows with is not
 * held for a frame ahead still on its way: the GPU draws it after that one.
 *
 * Why: MapLibre draws a frame whenever a tile or a source's data arrive, and without a graphics card each
 * frame costs the GPU process 100-300 ms and the page's main thread as much when it reads the frame back, so
 * an opening map blocked the page for seconds. A hidden canvas is not read back, and the first frame seen is
 * complete and cheap. That first frame, making every program itself, still held the page for 150-200 ms.
 */
export class MapReveal {
  private phase: 'held' | 'warming' | 'shown' = 'held';
  private ready = false;
  private release: (() => void) | null;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private poll: ReturnType<typeof setInterval> | null = null;
  private stopWaiting: (() => void) | null = null;
  private stopMaking: (() => void) | null = null;
  /** The frame ahead on its way (its programs made, it drawn, the GPU done with it): what stops it. */
  private ahead: (() => void) | null = null;
  /** How many sources had loaded when the last frame ahead was drawn. */
  private drawnAhead = 0;
  private readonly drawn = () => {
    this.stopWaiting = whenGpuDone(this.map, () => this.show(), DRAWN_POLL_MS);
  };

  constructor(
    private readonly map: RevealMap,
    private readonly onShown: () => void,
  ) {
    this.release = holdDrawing(map, { opening: true });
    this.after(LOAD_DEADLINE_MS, () => this.show());
    // Polled rather than on the map's events: a live map is seldom idle.
    this.poll = setInterval(() => this.checkLoaded(), LOADED_POLL_MS);
  }

  /** The screen's first data are set on the map (or cannot come). */
  setReady(ready: boolean): void {
    this.ready = ready;
    if (ready) this.checkLoaded();
  }

  /** Stops everything and lets the map draw again. */
  dispose(): void {
    this.stop();
    this.phase = 'shown';
  }

  private checkLoaded(): void {
    if (this.phase !== 'held') return;
    // Counted once a poll: the map's style is serialized to list its sources.
    const sources = sourcesLoaded(this.map);
    if (!this.ready || !loadedToDraw(this.map, sources)) {
      if (!this.ahead) this.drawAhead(sources.loaded);
      return;
    }
    // A frame ahead still on its way is left to the GPU, which draws the frame shown after it.
    this.ahead?.();
    this.ahead = null;
    this.phase = 'warming';
    this.clearPoll();
    this.stopMaking = makePrograms(this.map, () => this.drawFirstFrame());
    this.after(DRAW_DEADLINE_MS, () => this.show());
  }

  /** A frame unseen if more sources have loaded since the last (see the class). */
  private drawAhead(loaded: number): void {
    if (loaded <= this.drawnAhead) return;
    this.drawnAhead = loaded;
    const steps: (() => void)[] = [];
    const stop = () => {
      for (const step of steps) step();
    };
    this.ahead = stop;
    const gpuDone = () => {
      if (this.ahead !== stop) return;
      this.ahead = null;
      this.checkLoaded();
    };
    const drawn = () => steps.push(whenGpuDone(this.map, gpuDone, DRAWN_POLL_MS));
    steps.push(makePrograms(this.map, () => steps.push(drawThrough(this.map, drawn))));
  }

  private drawFirstFrame(): void {
    if (this.phase !== 'warming') return;
    this.map.once('render', this.drawn);
    // Drawing again asks for a frame: the one drawn unseen.
    this.releaseDrawing();
  }

  private show(): void {
    if (this.phase === 'shown') return;
    this.stop();
    this.phase = 'shown';
    this.onShown();
  }

  private stop(): void {
    this.clearPoll();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.map.off('render', this.drawn);
    this.stopMaking?.();
    this.stopMaking = null;
    this.ahead?.();
    this.ahead = null;
    this.stopWaiting?.();
    this.stopWaiting = null;
    this.releaseDrawing();
  }

  private releaseDrawing(): void {
    this.release?.();
    this.release = null;
  }

  private clearPoll(): void {
    if (this.poll !== null) clearInterval(this.poll);
    this.poll = null;
  }

  private after(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
  }
}
