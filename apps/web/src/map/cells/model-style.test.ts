import { describe, expect, it } from 'vitest';
import { bandStops } from './model-style';

describe('bandStops', () => {
  it('ends every scale at the darkest colour and keeps thresholds in order', () => {
    const chances = bandStops([30, 10, 90, 50, 70]);
    expect(chances.map(([t]) => t)).toEqual([10, 30, 50, 70, 90]);
    expect(chances[0]?.[1]).toBe('#facc15');
    expect(chances.at(-1)?.[1]).toBe('#9333ea');
    expect(bandStops([1]).at(-1)?.[1]).toBe('#9333ea');
    expect(new Set(bandStops([-10, 0, 10, 20, 30, 35]).map(([, c]) => c)).size).toBe(6);
  });

  it('gives as many colours as the ramp has, then repeats the darkest', () => {
    const many = bandStops([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(many).toHaveLength(9);
    expect(many.at(-1)?.[1]).toBe('#9333ea');
  });
});
