import type { Map as MapLibreMap } from 'maplibre-gl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdDrawing } from './frame-gate';
import { holdUntilFirstData, LAYER_HOLD_MS } from './layer-frames';

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
  const listeners = new Set<(e: { sourceId: string }) => void>();
  const map = {
    painter: new Painter(),
    sources,
    getSource: (id: string) => sources.get(id),
    isSourceLoaded: (id: string) => state.loaded.get(id) ?? false,
    on: (_: string, fn: (e: { sourceId: string }) => void) => listeners.add(fn),
    off: (_: string, fn: (e: { sourceId: string }) => void) => listeners.delete(fn),
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
    addGeoJson(id: string) {
      const s = new GeoJSONSource();
      sources.set(id, s);
      state.loaded.set(id, false);
      return s;
    },
  };
  return { map, state, asMap: map as unknown as MapLibreMap };
}

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
    source.setData({ type: 'FeatureCollection', features: [] });
    expect(source.data).toEqual({ type: 'FeatureCollection', features: [] });
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
    a.setData({});
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
