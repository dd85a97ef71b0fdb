import type { Map as MapLibreMap } from 'maplibre-gl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdDrawing } from './frame-gate';
import { holdUntilFirstData, LAYER_HOLD_MS } from './layer-frames';

type SourceEvent = { sourceId: string; sourceDataType?: string };

/** A map as the hold sees it: sources loaded or not, a painter that counts frames drawn, sourcedata events. */
function fakeMap() {
  const state = { drawn: 0, repaints: 0, loaded: new Map<string, boolean>() };
  class Painter {
    render() {
      state.drawn++;
    }
  }
  class GeoJSONSource {
    readonly type = 'geojson';
    data: unknown = null;
    setData(data: unknown) {
      this.data = data;
      return this;
    }
  }
  const sources = new Map<string, { type: string }>();
  const listeners = new Set<(e: SourceEvent) => void>();
  const map = {
    painter: new Painter(),
    sources,
    getSource: (id: string) => sources.get(id),
    isSourceLoaded: (id: string) => state.loaded.get(id) ?? false,
    on: (_: string, fn: (e: SourceEvent) => void) => listeners.add(fn),
    off: (_: string, fn: (e: SourceEvent) => void) => listeners.delete(fn),
    triggerRepaint: () => {
      state.repaints++;
    },
    /** MapLibre's frame: the painter draws (or not, while held). */
    frame() {
      map.painter.render();
    },
    /** A source's data or tiles arrived. */
    loaded(id: string) {
      state.loaded.set(id, true);
      for (const fn of [...listeners]) fn({ sourceId: id });
    },
    /**
     * As MapLibre's worker answers new data: 'metadata' while the tiles still hold the old data (loaded), then
     * 'content' as they start reloading.
     */
    workerAnswered(id: string) {
      state.loaded.set(id, true);
      for (const fn of [...listeners]) fn({ sourceId: id, sourceDataType: 'metadata' });
      state.loaded.set(id, false);
      for (const fn of [...listeners]) fn({ sourceId: id, sourceDataType: 'content' });
    },
    addGeoJson(id: string) {
      const s = new GeoJSONSource();
      sources.set(id, s);
      state.loaded.set(id, false);
      return s;
    },
  };
  return { map, state, asMap: map as unknown as MapLibreMap };
}

const EMPTY = { type: 'FeatureCollection' as const, features: [] };
const CELLS = {
  type: 'FeatureCollection' as const,
  features: [
    {
      type: 'Feature' as const,
      properties: {},
      geometry: { type: 'Point' as const, coordinates: [113, 23] },
    },
  ],
};

describe('a layer switched on draws once, with its first data', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('draws nothing until its source has loaded the data set on it, then asks for one frame', () => {
    const { map, state, asMap } = fakeMap();
    const source = map.addGeoJson('cells');
    holdUntilFirstData(asMap, 'cells');
    map.frame();
    // The source's empty data loaded: still held, its layer has not set its own yet.
    map.loaded('cells');
    map.frame();
    expect(state.drawn).toBe(0);
    state.loaded.set('cells', false);
    source.setData(CELLS);
    expect(source.data).toEqual(CELLS);
    map.loaded('other'); // another source's tiles change nothing
    map.frame();
    expect(state.drawn).toBe(0);
    map.loaded('cells');
    expect(state.repaints).toBe(1);
    map.frame();
    expect(state.drawn).toBe(1);
    // The source's own setData is its class's again.
    expect(Object.hasOwn(source, 'setData')).toBe(false);
  });

  it.each([
    { name: 'a FeatureCollection with features', data: CELLS },
    { name: 'a URL (fetched by the worker)', data: 'blob:cells' },
    { name: 'a single Feature', data: CELLS.features[0] },
  ])('takes $name as the first data', ({ data }) => {
    const { map, state, asMap } = fakeMap();
    const source = map.addGeoJson('cells');
    holdUntilFirstData(asMap, 'cells');
    source.setData(data);
    map.loaded('cells');
    map.frame();
    expect(state.drawn).toBe(1);
    expect(Object.hasOwn(source, 'setData')).toBe(false);
  });

  it('draws while the data are on their way after an empty placeholder, and holds again while they load', () => {
    const { map, state, asMap } = fakeMap();
    const source = map.addGeoJson('density');
    holdUntilFirstData(asMap, 'density');
    source.setData(EMPTY);
    map.loaded('density');
    // The placeholder loaded: live strokes draw while the density is fetched.
    map.frame();
    expect(state.drawn).toBe(1);
    expect(Object.hasOwn(source, 'setData')).toBe(true);
    // The density arrives: nothing is drawn while the worker cuts its tiles (a frame begun then would make
    // the layer's own frame wait behind it).
    state.loaded.set('density', false);
    source.setData(CELLS);
    map.frame();
    expect(state.drawn).toBe(1);
    // The worker's answer: the tiles, loaded with the placeholder, are only now asked to reload.
    map.workerAnswered('density');
    map.frame();
    vi.advanceTimersByTime(100); // polled meanwhile: still reloading
    map.frame();
    expect(state.drawn).toBe(1);
    map.loaded('density');
    map.frame();
    expect(state.drawn).toBe(2);
    expect(Object.hasOwn(source, 'setData')).toBe(false);
    // Later data are the layer's own business: no hold.
    state.loaded.set('density', false);
    source.setData(CELLS);
    map.frame();
    expect(state.drawn).toBe(3);
  });

  it('lets each hold go after LAYER_HOLD_MS, and still holds for the first data with features', () => {
    const { map, state, asMap } = fakeMap();
    const source = map.addGeoJson('density');
    holdUntilFirstData(asMap, 'density');
    source.setData(EMPTY);
    vi.advanceTimersByTime(LAYER_HOLD_MS);
    map.frame();
    expect(state.drawn).toBe(1);
    source.setData(CELLS);
    vi.advanceTimersByTime(LAYER_HOLD_MS - 1);
    map.frame();
    expect(state.drawn).toBe(1);
    vi.advanceTimersByTime(1);
    map.frame();
    expect(state.drawn).toBe(2);
    expect(Object.hasOwn(source, 'setData')).toBe(false);
  });

  it('lets the map draw after LAYER_HOLD_MS when the data are late', () => {
    const { map, state, asMap } = fakeMap();
    map.addGeoJson('radar');
    holdUntilFirstData(asMap, 'radar');
    vi.advanceTimersByTime(LAYER_HOLD_MS - 1);
    map.frame();
    expect(state.drawn).toBe(0);
    vi.advanceTimersByTime(1);
    map.frame();
    expect(state.drawn).toBe(1);
  });

  it('does not hold an image source (one tile, loaded only as it is drawn)', () => {
    const { map, state, asMap } = fakeMap();
    map.sources.set('radar', { type: 'image' });
    holdUntilFirstData(asMap, 'radar');
    map.frame();
    expect(state.drawn).toBe(1);
  });

  it('draws again when the last of two layers has its data, and lets go when a layer is removed first', () => {
    const { map, state, asMap } = fakeMap();
    const a = map.addGeoJson('a');
    map.addGeoJson('b');
    holdUntilFirstData(asMap, 'a');
    const removeB = holdUntilFirstData(asMap, 'b');
    a.setData(CELLS);
    map.loaded('a');
    map.frame();
    expect(state.drawn).toBe(0);
    removeB();
    map.frame();
    expect(state.drawn).toBe(1);
  });

  it('holds nothing while the map opens (the opening shows it all at once)', () => {
    const { map, state, asMap } = fakeMap();
    const opening = holdDrawing(asMap, { opening: true });
    map.addGeoJson('cells');
    holdUntilFirstData(asMap, 'cells');
    opening();
    map.frame();
    expect(state.drawn).toBe(1);
  });
});
