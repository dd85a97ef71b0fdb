import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterEachFrame, holdDrawing, makePrograms } from './frame-gate';
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
