import type { ModelOutput } from '@thunderwatch/shared/schemas/models';
import { describe, expect, it } from 'vitest';
import { frameFeatures, frameKey, frameOptions, windowText } from './model-frames';

const band = (from_min: number, value: number) => ({
  type: 'Feature' as const,
  geometry: { type: 'MultiPolygon' as const, coordinates: [] },
  properties: { element: 'lightning_probability', from_min, to_min: from_min + 15, value, unit: '%' },
});

const output = {
  frames: [
    { element: 'lightning_probability', from_min: 0, to_min: 15, unit: '%', max: 80 },
    { element: 'lightning_probability', from_min: 15, to_min: 30, unit: '%', max: 40 },
  ],
  features: [band(0, 50), band(15, 10), band(0, 10)],
} as unknown as ModelOutput;

describe('model frames', () => {
  it('reads windows as past hours, hours ahead or minutes ahead', () => {
    expect(windowText(-4320, 0)).toEqual({ key: 'past_hours', hours: 72 });
    expect(windowText(60, 120)).toEqual({ key: 'hours_ahead', from: 1, to: 2 });
    expect(windowText(0, 60)).toEqual({ key: 'hours_ahead', from: 0, to: 1 });
    expect(windowText(30, 60)).toEqual({ key: 'minutes_ahead', from: 30, to: 60 });
    expect(windowText(0, 15)).toEqual({ key: 'minutes_ahead', from: 0, to: 15 });
  });

  it('lists the frames and picks one frame’s bands, lowest first', () => {
    expect(frameOptions(output).map((f) => f.key)).toEqual([
      frameKey('lightning_probability', 0),
      frameKey('lightning_probability', 15),
    ]);
    const first = frameFeatures(output, frameKey('lightning_probability', 0));
    expect(first.features.map((f) => f.properties?.value)).toEqual([10, 50]);
    expect(frameFeatures(undefined, null).features).toEqual([]);
  });
});
