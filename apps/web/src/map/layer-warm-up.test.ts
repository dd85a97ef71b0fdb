import type { AddLayerObject, FillLayerSpecification } from 'maplibre-gl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LINKED_POLL_MS } from './frame-gate';
import { type LayerWarmUp, WARM_UP_WAIT_MS, type WarmUpMap, warmUpLayers } from './layer-warm-up';
import { fakeFenceGl, fakeLayeredPainter, fakePainter } from './map-fakes';
import { PRESENT_POLL_MS, type PresentMap, presentOnceDrawn } from './software-present';

/**
 * A map with sources and layers, a painter that records the layers of each frame drawn (or, `layered`, one
 * whose layers each make a program of their type in `makeMs`), a GPU fence.
 */
function fakeMap({ layered = false, makeMs = 0 } = {}) {
  const state = { frames: [] as string[][], repaints: 0, signalled: true, loaded: false };
  const layers = new Map<string, AddLayerObject>();
  const sources = new Map<string, unknown>();
  const gl = fakeFenceGl(state);
  const clock = { now: 0 };
  const painter = layered
    ? fakeLayeredPainter(
        () => [...layers.values()].map(({ id, type }) => ({ id, program: type, makeMs })),
        clock,
      )
    : fakePainter(() => {
        state.frames.push([...layers.keys()]);
      });
  const map = {
    painter,
    getCanvas: () => ({ getContext: () => gl }),
    triggerRepaint: () => {
      state.repaints++;
    },
    getCenter: () => ({ lng: 113.3, lat: 23.1 }),
    addSource: (id: string, spec: unknown) => sources.set(id, spec),
    getSource: (id: string) => sources.get(id),
    removeSource: (id: string) => sources.delete(id),
    isSourceLoaded: () => state.loaded,
    addLayer: (layer: AddLayerObject) => layers.set(layer.id, layer),
    getLayer: (id: string) => layers.get(id),
    removeLayer: (id: string) => layers.delete(id),
    frame: () => painter.render(),
    state,
    layers,
    sources,
  };
  const copies: string[][] = [];
  const surface = {
    copy: () => copies.push(state.frames.at(-1) ?? []),
    drawing: () => {},
    remove: () => {},
  };
  return { map, state, surface, copies, clock, asMap: map as unknown as WarmUpMap & PresentMap };
}

const HULL_PAINT: FillLayerSpecification['paint'] = { 'fill-color': ['get', 'color'] };
const WARM: LayerWarmUp = {
  layers: [
    { id: 'cell-hull-fill', type: 'fill', source: 'cells', paint: HULL_PAINT },
    { id: 'cell-centre', type: 'circle', source: 'cell-marks' },
  ],
  source: ([lon, lat]) => ({
    type: 'geojson',
    data: {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [lon, lat] }, properties: {} }],
    },
  }),
};

describe('layers drawn once unseen, without a graphics card', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('adds nothing to a map that shows its own canvas', () => {
    const { map, asMap } = fakeMap();
    warmUpLayers(asMap, [WARM]);
    expect(map.layers.size).toBe(0);
  });

  it('draws them in one frame that is not shown, once loaded, and shows the next frame without them', () => {
    const { map, state, surface, copies, asMap } = fakeMap();
    presentOnceDrawn(asMap, surface);
    warmUpLayers(asMap, [WARM]);
    const source = map.layers.get('warm-up-0:cell-hull-fill') as { source: string; paint: unknown };
    expect(source.source).toBe('warm-up-0');
    expect(source.paint).toEqual(HULL_PAINT);
    expect(map.sources.has('warm-up-0')).toBe(true);
    map.frame(); // its source still loading: held
    expect(state.frames).toHaveLength(0);
    state.loaded = true;
    vi.advanceTimersByTime(51);
    map.frame();
    expect(state.frames).toEqual([['warm-up-0:cell-hull-fill', 'warm-up-0:cell-centre']]);
    vi.advanceTimersByTime(PRESENT_POLL_MS);
    expect(copies).toEqual([]);
    expect(map.layers.size).toBe(0);
    expect(map.sources.size).toBe(0);
    map.frame();
    vi.advanceTimersByTime(PRESENT_POLL_MS);
    expect(copies).toEqual([[]]);
  });

  it('makes their programs first, in frames that draw nothing, so that the frame drawing them waits for none', () => {
    const { map, surface, copies, clock, asMap } = fakeMap({ layered: true, makeMs: 60 });
    vi.spyOn(performance, 'now').mockImplementation(() => clock.now);
    const painter = map.painter as ReturnType<typeof fakeLayeredPainter>;
    presentOnceDrawn(asMap, surface);
    warmUpLayers(asMap, [WARM]);
    map.frame(); // held while its source loads
    expect(painter.reached).toEqual([]);
    map.state.loaded = true;
    vi.advanceTimersByTime(50);
    map.frame();
    // The fill's program took the frame's budget; the circle's is made in the next, once the GPU linked it.
    const ids = ['warm-up-0:cell-hull-fill', 'warm-up-0:cell-centre'];
    expect(painter.reached).toEqual([ids.slice(0, 1)]);
    vi.advanceTimersByTime(LINKED_POLL_MS);
    map.frame();
    expect(painter.reached).toEqual([ids.slice(0, 1), ids]);
    expect(Object.keys(painter.programCache.programs)).toEqual(['fill', 'circle']);
    expect(painter.context.gl.draws).toBe(0);
    // Then the frame that draws them, not shown.
    vi.advanceTimersByTime(1);
    map.frame();
    expect(painter.context.gl.draws).toBe(2);
    vi.advanceTimersByTime(PRESENT_POLL_MS);
    expect(copies).toEqual([]);
    expect(map.layers.size).toBe(0);
  });

  it('does not wait for an image source to load: the frame that draws it readies it', () => {
    const { map, state, surface, asMap } = fakeMap();
    presentOnceDrawn(asMap, surface);
    const raster: LayerWarmUp = {
      layers: [{ id: 'radar-raster', type: 'raster', source: 'radar' }],
      source: () => ({
        type: 'canvas',
        canvas: 'warm-up-canvas',
        coordinates: [
          [0, 1],
          [1, 1],
          [1, 0],
          [0, 0],
        ],
      }),
    };
    warmUpLayers(asMap, [raster]);
    vi.advanceTimersByTime(51);
    map.frame();
    expect(state.frames).toEqual([['warm-up-0:radar-raster']]);
  });

  it('gives up when its source does not load in time: removed, the map draws again', () => {
    const { map, state, surface, copies, asMap } = fakeMap();
    presentOnceDrawn(asMap, surface);
    warmUpLayers(asMap, [WARM]);
    vi.advanceTimersByTime(WARM_UP_WAIT_MS);
    expect(map.layers.size).toBe(0);
    map.frame();
    vi.advanceTimersByTime(PRESENT_POLL_MS);
    expect(state.frames).toEqual([[]]);
    expect(copies).toEqual([[]]);
  });
});
