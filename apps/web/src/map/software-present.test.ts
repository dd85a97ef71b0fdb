import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdDrawing } from './frame-gate';
import { fakeFenceGl, fakePainter } from './map-fakes';
import {
  isSoftwareRenderer,
  PRESENT_DEADLINE_MS,
  PRESENT_POLL_MS,
  type PresentMap,
  presentOnceDrawn,
} from './software-present';

/** A map as the present sees it: a painter that counts frames drawn, a GPU fence to signal, repaints asked. */
function fakeMap() {
  const state = { drawn: 0, repaints: 0, fences: 0, signalled: false, lost: false };
  const gl = fakeFenceGl(state);
  const painter = fakePainter(() => {
    state.drawn++;
  });
  const map = {
    painter,
    getCanvas: () => ({ getContext: () => gl }),
    triggerRepaint: () => {
      state.repaints++;
    },
    /** MapLibre's frame: the painter draws (or not, while held). */
    frame: () => painter.render(),
  };
  const surface = {
    copies: 0,
    onItsWay: false,
    removed: false,
    copy: () => surface.copies++,
    drawing: (onItsWay: boolean) => {
      surface.onItsWay = onItsWay;
    },
    remove: () => {
      surface.removed = true;
    },
  };
  return { map, state, surface, asMap: map as unknown as PresentMap };
}

describe('a frame drawn in software shows once the GPU has finished it', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('copies a frame once it is finished, and not before', () => {
    const { map, state, surface, asMap } = fakeMap();
    presentOnceDrawn(asMap, surface);
    map.frame();
    expect(state.drawn).toBe(1);
    vi.advanceTimersByTime(PRESENT_POLL_MS * 10);
    expect(surface.copies).toBe(0);
    expect(surface.onItsWay).toBe(true);
    state.signalled = true;
    vi.advanceTimersByTime(PRESENT_POLL_MS);
    expect(surface.copies).toBe(1);
    expect(surface.onItsWay).toBe(false);
    vi.advanceTimersByTime(PRESENT_POLL_MS * 10);
    expect(surface.copies).toBe(1);
  });

  it('draws no other frame while one is on its way, then the latest once, and none unasked', () => {
    const { map, state, surface, asMap } = fakeMap();
    presentOnceDrawn(asMap, surface);
    map.frame();
    map.frame(); // a live stroke, a pan: asked for while the first is drawn
    map.frame();
    expect(state.drawn).toBe(1);
    expect(state.fences).toBe(1);
    state.signalled = true;
    vi.advanceTimersByTime(PRESENT_POLL_MS);
    expect(surface.copies).toBe(1);
    expect(state.repaints).toBe(1);
    map.frame(); // the repaint asked for
    expect(state.drawn).toBe(2);
    vi.advanceTimersByTime(PRESENT_POLL_MS);
    expect(surface.copies).toBe(2);
    expect(state.repaints).toBe(1);
  });

  it('draws the frame another hold let go of meanwhile (a layer shown with its data)', () => {
    const { map, state, surface, asMap } = fakeMap();
    presentOnceDrawn(asMap, surface);
    const layer = holdDrawing(asMap);
    map.frame();
    expect(state.drawn).toBe(0);
    layer();
    expect(state.repaints).toBe(1);
    map.frame();
    expect(state.drawn).toBe(1);
    const again = holdDrawing(asMap);
    again(); // let go while the frame is on its way: still owed once it is shown
    expect(state.repaints).toBe(1);
    state.signalled = true;
    vi.advanceTimersByTime(PRESENT_POLL_MS);
    expect(state.repaints).toBe(2);
  });

  it('shows a frame whose fence never signals at its deadline, and draws again', () => {
    const { map, state, surface, asMap } = fakeMap();
    presentOnceDrawn(asMap, surface);
    map.frame();
    map.frame(); // asked for meanwhile
    vi.advanceTimersByTime(PRESENT_DEADLINE_MS - PRESENT_POLL_MS);
    expect(surface.copies).toBe(0);
    vi.advanceTimersByTime(PRESENT_POLL_MS);
    expect(surface.copies).toBe(1);
    expect(surface.onItsWay).toBe(false);
    expect(state.repaints).toBe(1);
    map.frame();
    expect(state.drawn).toBe(2);
  });

  it('keeps the last frame shown when the context is lost on the way (nothing to copy)', () => {
    const { map, state, surface, asMap } = fakeMap();
    presentOnceDrawn(asMap, surface);
    map.frame();
    state.lost = true;
    vi.advanceTimersByTime(PRESENT_POLL_MS);
    expect(surface.copies).toBe(0);
    expect(surface.onItsWay).toBe(false);
  });

  it('stops: the map draws as MapLibre does again, and the copy is gone', () => {
    const { map, state, surface, asMap } = fakeMap();
    const stop = presentOnceDrawn(asMap, surface);
    map.frame();
    stop();
    expect(surface.removed).toBe(true);
    expect(Object.hasOwn(map.painter, 'render')).toBe(false);
    map.frame();
    map.frame();
    expect(state.drawn).toBe(3);
    state.signalled = true;
    vi.advanceTimersByTime(PRESENT_POLL_MS * 2);
    expect(surface.copies).toBe(0);
  });
});

describe('which renderers draw in software', () => {
  it.each([
    ['ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)', true],
    ['Google SwiftShader', true],
    ['llvmpipe (LLVM 15.0.6, 256 bits)', true],
    ['Mesa softpipe', true],
    ['ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0, D3D11)', true],
    ['ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)', false],
    ['ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)', false],
    ['Apple M2', false],
    ['WebKit WebGL', false],
  ])('%s → %s', (name, expected) => {
    expect(isSoftwareRenderer(name)).toBe(expected);
  });
});
