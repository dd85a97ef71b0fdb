import type { Scene } from '@thunderwatch/shared/schemas/layers';
import { describe, expect, it } from 'vitest';
import { filterOfScene, type StrokeFilter } from '../../../lib/stroke-filter';
import { parseView, viewQuery } from '../hooks/use-view-params';
import { sceneOfMap } from './scene-of-map';

const choices = {
  strokes: { visible: true, opacity: 1 },
  radar: { visible: true, opacity: 0.4 },
  density: { visible: false, opacity: 0.7 },
};

describe('sceneOfMap', () => {
  it('keeps the shown layers with their opacity, live, and the radar product while radar is shown', () => {
    const s = sceneOfMap({
      center: [113, 23],
      zoom: 8,
      choices,
      mode: 'live',
      shown: 0,
      trailMs: 0,
      radarProduct: 'n0r',
    });
    expect(s.layers).toEqual([
      { id: 'strokes', opacity: 1 },
      { id: 'radar', opacity: 0.4 },
    ]);
    expect(s.time).toEqual({ mode: 'live' });
    expect(s.filters).toEqual({ radar_product: 'n0r' });
  });

  it('saves a replay as the window it shows', () => {
    const shown = Date.parse('2026-07-01T06:00:00Z');
    const s = sceneOfMap({
      center: [113, 23],
      zoom: 8,
      choices: { strokes: { visible: true, opacity: 1 } },
      mode: 'replay',
      shown,
      trailMs: 30 * 60_000,
      radarProduct: 'n0r',
    });
    expect(s.time).toEqual({
      mode: 'window',
      from: '2026-07-01T05:30:00.000Z',
      to: '2026-07-01T06:00:00.000Z',
    });
    expect(s.filters).toEqual({});
  });

  it('is north-up unless the map is turned', () => {
    const base = {
      center: [113, 23] as [number, number],
      zoom: 8,
      choices,
      mode: 'live',
      shown: 0,
      trailMs: 0,
    };
    expect(sceneOfMap({ ...base, radarProduct: null }).bearing).toBe(0);
    expect(sceneOfMap({ ...base, radarProduct: null, bearing: -37.5 }).bearing).toBe(-37.5);
  });

  it.each<[string, StrokeFilter, Scene['filters']]>([
    ['no filter', { types: ['CG', 'IC'], minKa: 0 }, { radar_product: 'n0r' }],
    ['CG only', { types: ['CG'], minKa: 0 }, { radar_product: 'n0r', stroke_types: ['CG'] }],
    [
      'IC ≥ 25 kA',
      { types: ['IC'], minKa: 25 },
      { radar_product: 'n0r', stroke_types: ['IC'], min_peak_ka: 25 },
    ],
    ['≥ 7.5 kA', { types: ['CG', 'IC'], minKa: 7.5 }, { radar_product: 'n0r', min_peak_ka: 7.5 }],
  ])('saves the stroke filter (%s) and bearing, and opens them again', (_, filter, filters) => {
    const s = sceneOfMap({
      center: [114.05, 22.52],
      zoom: 10,
      bearing: 42,
      choices,
      mode: 'live',
      shown: 0,
      trailMs: 0,
      radarProduct: 'n0r',
      strokeFilter: filter,
    });
    expect(s.filters).toEqual(filters);
    // Opened: the filter control and the map's view (kept in the address as the map moves) get them back.
    expect(filterOfScene(s.filters)).toEqual(filter);
    const view = parseView(
      new URLSearchParams(viewQuery({ center: s.center, zoom: s.zoom, bearing: s.bearing })),
    );
    expect(view).toEqual({ center: [114.05, 22.52], zoom: 10, bearing: 42 });
  });

  it('leaves the stroke filter out while strokes are hidden', () => {
    const s = sceneOfMap({
      center: [113, 23],
      zoom: 8,
      choices: { ...choices, strokes: { visible: false, opacity: 1 } },
      mode: 'live',
      shown: 0,
      trailMs: 0,
      radarProduct: null,
      strokeFilter: { types: ['CG'], minKa: 30 },
    });
    expect(s.filters).toEqual({});
  });
});
