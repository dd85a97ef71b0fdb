import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFenceGl, fakeLayeredPainter, fakePainter } from './map-fakes';
import { DRAW_DEADLINE_MS, LOAD_DEADLINE_MS, MapReveal, type RevealMap } from './map-reveal';

/** A map as the reveal sees it: loaded or not, a painter that counts frames drawn, a GPU fence to signal. */
function fakeMap({ webgl2 = true, layered }: { webgl2?: boolean; layered?: { render: () => void } } = {}) {
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
