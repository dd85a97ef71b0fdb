import type { CustomLayer, Scene } from '@thunderwatch/shared/schemas/layers';
import { describe, expect, it } from 'vitest';
import { needsLiveStrokes, stepDelayMs, stepLayers, stepTime } from './scene-step';

const custom = (id: number): CustomLayer =>
  ({ id, layer_id: `custom_${id}`, name: `Layer ${id}`, kind: 'geojson', opacity: 0.8 }) as CustomLayer;
const HOUR = 3_600_000;

describe('stepLayers', () => {
  it.each([
    {
      name: 'built-in layers at their opacity',
      layers: [
        { id: 'strokes', opacity: 1 },
        { id: 'density', opacity: 0.5 },
      ],
      skip: [],
      builtIn: { strokes: 1, density: 0.5 },
      custom: [],
    },
    {
      name: 'a custom layer of the group, not one since deleted',
      layers: [
        { id: 'custom_7', opacity: 0.3 },
        { id: 'custom_99', opacity: 1 },
        { id: 'locations', opacity: 1 },
      ],
      skip: [],
      builtIn: { locations: 1 },
      custom: [{ id: 7, opacity: 0.3 }],
    },
    {
      name: 'home-only layers (models, flights) and unknown ids left out',
      layers: [
        { id: 'model_nowcast', opacity: 1 },
        { id: 'flights', opacity: 1 },
        { id: 'zones', opacity: 1 },
        { id: 'radar', opacity: 0.7 },
      ],
      skip: [],
      builtIn: { radar: 0.7 },
      custom: [],
    },
    {
      name: 'what the screen draws itself skipped',
      layers: [
        { id: 'typhoons', opacity: 1 },
        { id: 'cells', opacity: 1 },
        { id: 'disaster', opacity: 1 },
      ],
      skip: ['typhoons'],
      builtIn: { cells: 1, disaster: 1 },
      custom: [],
    },
    {
      name: 'opacity kept within 0–1, a layer listed twice once',
      layers: [
        { id: 'density', opacity: 3 },
        { id: 'custom_7', opacity: -1 },
        { id: 'custom_7', opacity: 1 },
      ],
      skip: [],
      builtIn: { density: 1 },
      custom: [{ id: 7, opacity: 0 }],
    },
  ])('$name', ({ layers, skip, builtIn, custom: shown }) => {
    const out = stepLayers(layers, [custom(7), custom(8)], skip);
    expect(out.builtIn).toEqual(builtIn);
    expect(out.custom.map((c) => ({ id: c.layer.id, opacity: c.opacity }))).toEqual(shown);
  });
});

describe('stepTime', () => {
  const to = '2026-07-12T09:00:00.000Z';
  it.each([
    { name: 'live', time: { mode: 'live' as const }, out: { mode: 'live' } },
    {
      name: 'a window within the trail: all of it, shown at its end',
      time: { mode: 'window' as const, from: '2026-07-12T08:00:00.000Z', to },
      out: { mode: 'replay', shown: Date.parse(to), from: Date.parse(to) - HOUR, to: Date.parse(to) },
    },
    {
      name: 'a window longer than the trail: the trail before its end',
      time: { mode: 'window' as const, from: '2026-07-11T09:00:00.000Z', to },
      out: { mode: 'replay', shown: Date.parse(to), from: Date.parse(to) - 3 * HOUR, to: Date.parse(to) },
    },
    {
      name: 'an empty or unreadable window: live',
      time: { mode: 'window' as const, from: to, to },
      out: { mode: 'live' },
    },
  ])('$name', ({ time, out }) => {
    expect(stepTime(time, 3 * HOUR)).toEqual(out);
  });
});

describe('stepDelayMs', () => {
  it.each([
    { seconds: 10, steps: 2, out: 10_000 },
    { seconds: 3600, steps: 5, out: 3_600_000 },
    { seconds: 10, steps: 1, out: null },
    { seconds: 0, steps: 3, out: null },
    { seconds: Number.NaN, steps: 3, out: null },
  ])('$seconds s of $steps steps → $out', ({ seconds, steps, out }) => {
    expect(stepDelayMs(seconds, steps)).toBe(out);
  });
});

describe('needsLiveStrokes', () => {
  const scene = (layers: string[], time: Scene['time']) => ({
    scene: { layers: layers.map((id) => ({ id, opacity: 1 })), time },
  });
  const window = { mode: 'window' as const, from: '2026-07-12T08:00:00Z', to: '2026-07-12T09:00:00Z' };
  it('keeps a feed only for a live step with strokes', () => {
    expect(needsLiveStrokes([scene(['strokes'], { mode: 'live' })])).toBe(true);
    expect(needsLiveStrokes([scene(['density'], { mode: 'live' }), scene(['strokes'], window)])).toBe(false);
    expect(
      needsLiveStrokes([scene(['strokes'], window), scene(['strokes', 'radar'], { mode: 'live' })]),
    ).toBe(true);
    expect(needsLiveStrokes([])).toBe(false);
  });
});
