import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFenceGl, fakePainter } from './map-fakes';
import { DRAW_DEADLINE_MS, LOAD_DEADLINE_MS, MapReveal, type RevealMap } from './map-reveal';

/** A map as the reveal sees it: loaded or not, a painter that counts frames drawn, a GPU fence to signal. */
function fakeMap({ webgl2 = true } = {}) {
  const state = { loaded: false, signalled: false, drawn: 0, renders: 0 };
  const listeners = new Set<() => void>();
  const gl = fakeFenceGl(state);
  const painter = fakePainter(() => {
    state.drawn++;
  });
  const map = {
    painter,
    loaded: () => state.loaded,
    areTilesLoaded: () => state.loaded,
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
  return { map: map as unknown as RevealMap & { painter: typeof painter }, state };
}

describe('MapReveal', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

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
    expect(shown).toHaveBeenCalledTimes(1);
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
