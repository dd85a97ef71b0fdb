import { describe, expect, it } from 'vitest';
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
});
