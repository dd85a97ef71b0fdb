import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFenceGl, fakeLayeredPainter, fakePainter } from './map-fakes';
import { DRAW_DEADLINE_MS, LOAD_DEADLINE_MS, loadedToDraw, MapReveal, type RevealMap } from './map-reveal';

/**
 * A map as the reveal sees it: loaded or not, a painter that counts frames drawn, a GPU fence to signal, and
 * `sources` (each loaded or not; none by default).
 */
function fakeMap({
  webgl2 = true,
  layered,
  sources,
}: {
  webgl2?: boolean;
  layered?: { render: () => void };
  sources?: Record<string, boolean>;
} = {}) {
  const state = { loaded: false, signalled: false, drawn: 0, renders: 0 };
  const listeners = new Set<() => void>();
  const gl = fakeFenceGl(state);
  const painter =
    layered ??
    fakePainter(() => {
      state.drawn++;
    });
  const map = {
    painter,
    loaded: () => state.loaded,
    areTilesLoaded: () => state.loaded,
    getStyle: () => (sources ? { sources } : undefined),
    getSource: (id: string) => (sources && id in sources ? {} : undefined),
    isSourceLoaded: (id: string) => sources?.[id] === true,
    once: (_: string, fn: () => void) => listeners.add(fn),
    off: (_: string, fn: () => void) => listeners.delete(fn),
    getCanvas: () => ({ getContext: () => (webgl2 ? gl : null) }),
    /** MapLibre's frame: the painter draws, then 'render' fires. */
    triggerRepaint() {
      state.renders++;
      painter.render();
      for (const fn of [...listeners]) {
        listeners.delete(fn);
        fn();
      }
    },
  };
  return { map: map as unknown as RevealMap & { painter: { render: () => void } }, state };
}

describe('MapReveal', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('draws nothing while it loads, one frame unseen once ready and loaded, and shows when the GPU is done', () => {
    const { map, state } = fakeMap();
    const shown = vi.fn();
    const reveal = new MapReveal(map, shown);
    map.painter.render(); // the frames of tiles arriving
    map.painter.render();
    expect(state.drawn).toBe(0);
    reveal.setReady(true);
    vi.advanceTimersByTime(500);
    expect(shown).not.toHaveBeenCalled();
    state.loaded = true;
    vi.advanceTimersByTime(100);
    // The unseen frame was drawn with the painter as MapLibre made it.
    expect(state.drawn).toBe(1);
    vi.advanceTimersByTime(1_000);
    expect(shown).not.toHaveBeenCalled();
    state.signalled = true;
    vi.advanceTimersByTime(100);
    expect(shown).toHaveBeenCalledTimes(1);
    map.painter.render();
    map.painter.render();
    expect(state.drawn).toBe(3);
  });

  it.each([
    ['never ready', false, false, LOAD_DEADLINE_MS],
    ['ready, its tiles never loaded', true, false, LOAD_DEADLINE_MS],
    ['loaded, the GPU never done', true, true, DRAW_DEADLINE_MS],
  ])('shows at its deadline when %s', (_, ready, loaded, deadline) => {
    const { map, state } = fakeMap();
    state.loaded = loaded;
    const shown = vi.fn();
    new MapReveal(map, shown).setReady(ready);
    vi.advanceTimersByTime(deadline - 10);
    expect(shown).not.toHaveBeenCalled();
    vi.advanceTimersByTime(20);
    expect(shown).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(shown).toHaveBeenCalledTimes(1);
    const before = state.drawn;
    map.painter.render();
    expect(state.drawn).toBe(before + 1);
  });

  it('shows right after its unseen frame without WebGL 2 (no fence to wait on)', () => {
    const { map, state } = fakeMap({ webgl2: false });
    state.loaded = true;
    const shown = vi.fn();
    new MapReveal(map, shown).setReady(true);
    vi.advanceTimersByTime(0);
    expect(shown).toHaveBeenCalledTimes(1);
  });

  it("makes its layers' programs in frames that draw nothing, each once the GPU linked the last's, then draws", () => {
    const clock = { now: 0 };
    vi.spyOn(performance, 'now').mockImplementation(() => clock.now);
    const layers = ['fill', 'line', 'circle', 'symbol'].map((program) => ({
      id: program,
      program,
      makeMs: 40,
    }));
    const painter = fakeLayeredPainter(layers, clock);
    const { map, state } = fakeMap({ layered: painter });
    state.loaded = true;
    const shown = vi.fn();
    new MapReveal(map, shown).setReady(true);
    // 80 ms: over the budget with two made.
    expect(painter.reached).toEqual([['fill', 'line']]);
    // The next waits for the GPU to have linked them.
    vi.advanceTimersByTime(100);
    expect(painter.reached).toHaveLength(1);
    state.signalled = true;
    vi.advanceTimersByTime(10);
    // The rest made; then, without waiting for their link, one frame drawn whole (the only one drawn).
    expect(painter.reached).toEqual([['fill', 'line'], layers.map((l) => l.id), layers.map((l) => l.id)]);
    expect(Object.keys(painter.programCache.programs)).toHaveLength(4);
    expect(painter.context.gl).toMatchObject({ draws: 4, clears: 1 });
    // The map shows once the GPU is done with it.
    state.signalled = false;
    vi.advanceTimersByTime(100);
    expect(shown).not.toHaveBeenCalled();
    state.signalled = true;
    vi.advanceTimersByTime(10);
    expect(shown).toHaveBeenCalledTimes(1);
  });

  it('draws a frame ahead, unseen, each time more sources have loaded, the next once the GPU is done', () => {
    const sources = { basemap: false, strokes: false };
    const { map, state } = fakeMap({ sources });
    const shown = vi.fn();
    const reveal = new MapReveal(map, shown);
    vi.advanceTimersByTime(200);
    expect(state.drawn).toBe(0);
    sources.basemap = true;
    vi.advanceTimersByTime(60);
    expect(state.drawn).toBe(1);
    // The strokes loaded while the GPU still draws the basemap: their frame waits for it.
    sources.strokes = true;
    vi.advanceTimersByTime(200);
    expect(state.drawn).toBe(1);
    state.signalled = true;
    vi.advanceTimersByTime(20);
    expect(state.drawn).toBe(2);
    // Nothing more loaded: no frame more; none of them shown, and the map still held.
    vi.advanceTimersByTime(500);
    map.painter.render();
    expect(state.drawn).toBe(2);
    expect(shown).not.toHaveBeenCalled();
    // Ready and loaded: the frame it shows with.
    state.loaded = true;
    reveal.setReady(true);
    vi.advanceTimersByTime(20);
    expect(state.drawn).toBe(3);
    expect(shown).toHaveBeenCalledTimes(1);
  });

  it('loaded while a frame ahead is on its way: draws the frame it shows with at once, shows once the GPU is done', () => {
    const { map, state } = fakeMap({ sources: { basemap: true } });
    const shown = vi.fn();
    const reveal = new MapReveal(map, shown);
    vi.advanceTimersByTime(60);
    expect(state.drawn).toBe(1);
    state.loaded = true;
    reveal.setReady(true);
    // The GPU draws it after the frame ahead: its fence waits for both.
    vi.advanceTimersByTime(20);
    expect(state.drawn).toBe(2);
    vi.advanceTimersByTime(300);
    expect(shown).not.toHaveBeenCalled();
    state.signalled = true;
    vi.advanceTimersByTime(20);
    expect(state.drawn).toBe(2);
    expect(shown).toHaveBeenCalledTimes(1);
  });

  it('closed while a frame ahead is on its way: draws no frame more for it, and never shows', () => {
    const sources = { basemap: true, strokes: false };
    const { map, state } = fakeMap({ sources });
    const shown = vi.fn();
    const reveal = new MapReveal(map, shown);
    vi.advanceTimersByTime(60);
    expect(state.drawn).toBe(1);
    reveal.dispose();
    const afterClose = state.drawn;
    sources.strokes = true;
    state.signalled = true;
    vi.advanceTimersByTime(LOAD_DEADLINE_MS * 2);
    expect(state.drawn).toBe(afterClose);
    expect(shown).not.toHaveBeenCalled();
  });

  it('lets the map draw again when the screen closes before it showed', () => {
    const { map, state } = fakeMap();
    const shown = vi.fn();
    const reveal = new MapReveal(map, shown);
    map.painter.render();
    reveal.dispose();
    // At once what was held back, then every frame.
    expect(state.drawn).toBe(1);
    map.painter.render();
    map.painter.render();
    expect(state.drawn).toBe(3);
    vi.advanceTimersByTime(LOAD_DEADLINE_MS * 2);
    expect(shown).not.toHaveBeenCalled();
  });
});

/** A source as `loadedToDraw` sees it: its type, whether it has loaded, whether its tiles in view have. */
type FakeSource = { type: string; loaded: boolean; tilesLoaded: boolean };

function mapOfSources(sources: Record<string, FakeSource>, { loaded = false, styleLoaded = true } = {}) {
  return {
    loaded: () => loaded,
    areTilesLoaded: () => loaded,
    getStyle: () =>
      styleLoaded ? { sources: Object.fromEntries(Object.keys(sources).map((id) => [id, {}])) } : undefined,
    getSource: (id: string) => {
      const source = sources[id];
      return source && { type: source.type, loaded: () => source.loaded };
    },
    isSourceLoaded: (id: string) => sources[id]?.tilesLoaded === true,
  } as unknown as RevealMap;
}

const basemap = (tilesLoaded: boolean): FakeSource => ({ type: 'vector', loaded: true, tilesLoaded });
// MapLibre marks an image source's one tile loaded only as it draws it: held, its tiles are never loaded.
const image = (type: string, loaded: boolean): FakeSource => ({ type, loaded, tilesLoaded: false });

describe('loadedToDraw', () => {
  it.each<[string, Record<string, FakeSource>, boolean]>([
    ['every source and its tiles loaded', { basemap: basemap(true), strokes: basemap(true) }, true],
    ['a tile still loading', { basemap: basemap(true), strokes: basemap(false) }, false],
    [
      'an image set, its tile drawn only as the map draws',
      { basemap: basemap(true), density: image('image', true) },
      true,
    ],
    ['a canvas, likewise', { basemap: basemap(true), radar: image('canvas', true) }, true],
    ['an image still on its way', { basemap: basemap(true), radar: image('image', false) }, false],
    [
      'an image set, another tile still loading',
      { basemap: basemap(false), density: image('image', true) },
      false,
    ],
    ['no sources yet', {}, false],
  ])('%s: %s', (_, sources, expected) => {
    expect(loadedToDraw(mapOfSources(sources))).toBe(expected);
  });

  it("takes MapLibre's own answer when it is yes, and waits for the style", () => {
    expect(loadedToDraw(mapOfSources({ radar: image('image', false) }, { loaded: true }))).toBe(true);
    expect(loadedToDraw(mapOfSources({ basemap: basemap(true) }, { styleLoaded: false }))).toBe(false);
  });
});
