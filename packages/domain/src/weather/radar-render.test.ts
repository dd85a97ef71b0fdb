import { describe, expect, it } from 'vitest';
import { DBZ_STEPS } from './radar-legends.js';
import { bandOfRaw, colourIndices, legendPalette } from './radar-render.js';

const N0Q = { gain: 0.5, offset: -32, nodata: 255, undetect: 0 };
const DWD = { gain: 0.001, offset: -0.001, nodata: 4294967295, undetect: 0 };

describe('bandOfRaw', () => {
  it.each([
    [0, 0], // nothing detected
    [255, 0], // no data
    [73, 0], // 4.5 dBZ: below the first band
    [74, 1], // 5 dBZ
    [164, 10], // 50 dBZ
    [254, 15], // 95 dBZ: the top band
  ])('N0Q code %d → palette index %d', (raw, index) => {
    expect(bandOfRaw(raw, N0Q, DBZ_STEPS)).toBe(index);
  });
});

describe('colourIndices', () => {
  it('colours 8-bit codes through the cells each pixel looks up', () => {
    const raw = new Uint8Array([0, 74, 164, 255]);
    const lookup = new Int32Array([-1, 0, 1, 2, 3, 2]);
    expect([...colourIndices(lookup, raw, N0Q, DBZ_STEPS)]).toEqual([0, 0, 1, 10, 0, 10]);
  });

  it('colours 32-bit codes the same way', () => {
    const steps = [
      { from: 0.01, color: '#000001' },
      { from: 0.1, color: '#000002' },
    ];
    const raw = new Uint32Array([0, 4294967295, 11, 136]);
    expect([...colourIndices(new Int32Array([0, 1, 2, 3]), raw, DWD, steps)]).toEqual([0, 0, 1, 2]);
  });
});

describe('legendPalette', () => {
  it('starts with a transparent entry, then one opaque colour per band', () => {
    const palette = legendPalette(DBZ_STEPS);
    expect(palette).toHaveLength(16);
    expect(palette[0]).toEqual([0, 0, 0, 0]);
    expect(palette[1]).toEqual([4, 233, 231, 255]);
  });
});
