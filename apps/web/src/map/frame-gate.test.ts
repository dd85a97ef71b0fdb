import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterEachFrame, drawThrough, holdDrawing, makePrograms } from './frame-gate';
import { type FakeLayer, fakeFenceGl, fakeLayeredPainter, fakePainter } from './map-fakes';

const LAYERS: FakeLayer[] = [
  { id: 'land', program: 'fill', makeMs: 30 },
  { id: 'rivers', program: 'line', makeMs: 30 },
  { id: 'lakes', program: 'fill', makeMs: 30 },
  { id: 'strokes', program: 'circle', makeMs: 30 },
];

/**
 * A map whose frames MapLibre would run on the next animation frame: here when `frame()` is called. Its GPU
 * has done what it was given once `gpu.signalled` is set.
 */
function fakeMap(layers = LAYERS) {
  const clock = { now: 0 };
  const gpu = { signalled: false };
  const gl = fakeFenceGl(gpu);
  const painter = fakeLayeredPainter(layers, clock);
  const map = {
    painter,
    repaints: 0,
    triggerRepaint() {
      map.repaints++;
    },
    getCanvas: () => ({ getContext: () => gl }) as unknown as HTMLCanvasElement,
    frame() {
      painter.render();
    },
  };
  return { map, painter, clock, gpu };
}

describe('makePrograms', () => {
  let clock: { now: number };
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(performance, 'now').mockImplementation(() => clock.now);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('makes the programs in frames that draw nothing, each over its budget with one made, the next once linked', () => {
    const made = fakeMap();
    clock = made.clock;
    const { map, painter, gpu } = made;
    const release = holdDrawing(map);
    const shown = vi.fn();
    afterEachFrame(map, shown);
    const done = vi.fn();

    makePrograms(map, done, 50);
    map.frame();
    // Fill and line made in 60 ms: the lakes are not reached.
    expect(painter.reached).toEqual([['land', 'rivers']]);
    expect(Object.keys(painter.programCache.programs)).toEqual(['fill', 'line']);
    // The next frame waits for the GPU to have linked them; frames meanwhile are held.
    vi.advanceTimersByTime(100);
    map.frame();
    expect(painter.reached).toHaveLength(1);
    gpu.signalled = true;
    vi.advanceTimersByTime(10);
    map.frame();
    expect(painter.reached.at(-1)).toEqual(['land', 'rivers', 'lakes', 'strokes']);
    expect(Object.keys(painter.programCache.programs)).toEqual(['fill', 'line', 'circle']);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(done).toHaveBeenCalledTimes(1);

    // Nothing reached the GPU and no frame was shown; the hold still holds.
    expect(painter.context.gl).toMatchObject({ draws: 0, clears: 0 });
    expect(shown).not.toHaveBeenCalled();
    map.frame();
    expect(painter.reached).toHaveLength(2);
    // Letting go draws the frame owed, whole.
    const repaints = map.repaints;
    release();
    expect(map.repaints).toBe(repaints + 1);
    map.frame();
    expect(painter.context.gl).toMatchObject({ draws: 4, clears: 1 });
    expect(shown).toHaveBeenCalledTimes(1);
  });

  it('reaches every layer of a frame that makes no program, however long it takes', () => {
    const made = fakeMap();
    clock = made.clock;
    const { map, painter } = made;
    for (const layer of LAYERS) painter.programCache.programs[layer.program] = {};
    const done = vi.fn();
    makePrograms(map, done, 0);
    map.frame();
    vi.advanceTimersByTime(0);
    expect(done).toHaveBeenCalledTimes(1);
    expect(painter.reached).toHaveLength(1);
  });

  it('asks for the frame it took when nothing holds the map', () => {
    const made = fakeMap();
    clock = made.clock;
    const { map, painter } = made;
    makePrograms(map, () => {}, 1_000);
    expect(map.repaints).toBe(1);
    map.frame();
    expect(map.repaints).toBe(2);
    // Nothing gates the painter any more: its method is MapLibre's again.
    expect(Object.hasOwn(painter, 'render')).toBe(false);
    map.frame();
    expect(painter.context.gl.draws).toBe(4);
  });

  it("puts MapLibre's methods back after, even when its frame throws", () => {
    const made = fakeMap();
    clock = made.clock;
    const { map, painter } = made;
    const hasOwn = () => [
      Object.hasOwn(painter, 'renderLayer'),
      Object.hasOwn(painter.context.gl, 'drawElements'),
      Object.hasOwn(painter.context.gl, 'clear'),
    ];
    vi.spyOn(Object.getPrototypeOf(painter), 'renderLayer').mockImplementation(() => {
      throw new Error('lost');
    });
    const release = holdDrawing(map);
    makePrograms(map, () => {}, 50);
    expect(() => map.frame()).toThrow('lost');
    expect(hasOwn()).toEqual([false, false, false]);
    release();
    expect(Object.hasOwn(painter, 'render')).toBe(false);
  });

  it('gives up a frame not run yet: the next frame is held as before', () => {
    const made = fakeMap();
    clock = made.clock;
    const { map, painter } = made;
    const release = holdDrawing(map);
    const done = vi.fn();
    makePrograms(map, done, 50)();
    map.frame();
    vi.advanceTimersByTime(100);
    expect(done).not.toHaveBeenCalled();
    expect(painter.reached).toHaveLength(0);
    release();
  });

  it('stopped once all are made, does not call back', () => {
    const made = fakeMap();
    clock = made.clock;
    const { map } = made;
    const done = vi.fn();
    const stop = makePrograms(map, done, 1_000);
    map.frame();
    stop();
    vi.advanceTimersByTime(100);
    expect(done).not.toHaveBeenCalled();
  });

  it('is done at once, running no frame, on a MapLibre that does not say what it made', () => {
    clock = { now: 0 };
    let drawn = 0;
    const painter = fakePainter(() => {
      drawn++;
    });
    const map = { painter, triggerRepaint: vi.fn(), getCanvas: () => ({}) as HTMLCanvasElement };
    const release = holdDrawing(map);
    const done = vi.fn();
    makePrograms(map, done, 50);
    vi.advanceTimersByTime(0);
    expect(done).toHaveBeenCalledTimes(1);
    expect(map.triggerRepaint).not.toHaveBeenCalled();
    painter.render();
    expect(drawn).toBe(0);
    release();
    painter.render();
    expect(drawn).toBe(1);
  });
});

describe('drawThrough', () => {
  /** A map whose painter counts the frames it drew, and whose repaints MapLibre would run as `frame()`. */
  function countingMap() {
    const state = { drawn: 0 };
    const painter = fakePainter(() => {
      state.drawn++;
    });
    const map = { painter, triggerRepaint: vi.fn(), frame: () => painter.render() };
    return { map, painter, state };
  }

  it('draws the next frame whatever holds the map, unseen by who is told of frames; those after are held', () => {
    const { map, painter, state } = countingMap();
    const release = holdDrawing(map, { opening: true });
    const told = vi.fn();
    afterEachFrame(map, told);
    const drawn = vi.fn();
    drawThrough(map, drawn);
    expect(map.triggerRepaint).toHaveBeenCalledTimes(1);
    expect(drawn).not.toHaveBeenCalled();
    map.frame();
    expect(state.drawn).toBe(1);
    expect(drawn).toHaveBeenCalledTimes(1);
    expect(told).not.toHaveBeenCalled();
    map.frame();
    expect(state.drawn).toBe(1);
    // Let go, the frame held back is asked for and drawn, and shown.
    release();
    map.frame();
    expect(state.drawn).toBe(2);
    expect(told).toHaveBeenCalledTimes(1);
    expect(Object.hasOwn(painter, 'render')).toBe(true);
  });

  it('given up before its frame, draws nothing and calls nothing', () => {
    const { map, painter, state } = countingMap();
    const release = holdDrawing(map);
    const drawn = vi.fn();
    drawThrough(map, drawn)();
    map.frame();
    expect(state.drawn).toBe(0);
    expect(drawn).not.toHaveBeenCalled();
    release();
    expect(Object.hasOwn(painter, 'render')).toBe(false);
  });

  it("puts MapLibre's method back once nothing else gates it", () => {
    const { map, painter, state } = countingMap();
    drawThrough(map, () => {});
    map.frame();
    expect(state.drawn).toBe(1);
    expect(Object.hasOwn(painter, 'render')).toBe(false);
  });

  it('calls back at once on a MapLibre with no painter to gate', () => {
    const map = { triggerRepaint: vi.fn() };
    const drawn = vi.fn();
    drawThrough(map, drawn);
    expect(drawn).toHaveBeenCalledTimes(1);
    expect(map.triggerRepaint).not.toHaveBeenCalled();
  });
});
