import { describe, expect, it } from 'vitest';
import {
  type CodeArray,
  isUsableScale,
  narrowCodes,
  type RadarScale,
  rawOf,
  roundValue,
  sampleOf,
} from './radar-scale.js';

// The scale of the DWD RADOLAN RV composite (dataset1/data1/what of composite_rv_20250923_0855_000-hd5,
// jdemaeyer/brightsky tests/data): ACRR in mm, uint32 codes.
const DWD: RadarScale = {
  gain: 0.0009999999317806213,
  offset: -0.0009999999317806213,
  nodata: 4294967295,
  undetect: 0,
};
const N0Q: RadarScale = { gain: 0.5, offset: -32, nodata: 255, undetect: 0 };

describe('sampleOf', () => {
  it.each<[RadarScale, number, ReturnType<typeof sampleOf>]>([
    [DWD, 4294967295, { state: 'nodata' }],
    [DWD, 0, { state: 'undetect' }],
    [N0Q, 255, { state: 'nodata' }],
    [N0Q, 0, { state: 'undetect' }],
    [N0Q, 1, { state: 'value', value: -31.5 }],
    [N0Q, 164, { state: 'value', value: 50 }],
    [N0Q, Number.NaN, { state: 'nodata' }],
  ])('%j reads %d as %j', (scale, raw, expected) => {
    expect(sampleOf(raw, scale)).toEqual(expected);
  });

  it.each([
    // brightsky's oracle reads these codes as 13, 11, 8 and 2 hundredths of a mm.
    [136, 0.135],
    [115, 0.114],
    [86, 0.085],
    [25, 0.024],
  ])('reads DWD code %d as %d mm', (raw, mm) => {
    const s = sampleOf(raw, DWD);
    expect(s.state).toBe('value');
    if (s.state === 'value') expect(roundValue(s.value, DWD.gain)).toBe(mm);
  });
});

describe('rawOf', () => {
  it.each([
    [50, 164],
    [-31.5, 1],
    [-40, 1],
    [200, 254],
    [50.2, 164],
  ])('%d dBZ is code %d in 1…254', (dbz, raw) => {
    expect(rawOf(dbz, N0Q, 1, 254)).toBe(raw);
  });
});

describe('isUsableScale', () => {
  it.each<[Partial<RadarScale>, boolean]>([
    [{}, true],
    [{ gain: 0 }, false],
    [{ gain: Number.NaN }, false],
    [{ offset: Number.POSITIVE_INFINITY }, false],
    [{ nodata: Number.NaN }, false],
  ])('%j → %s', (change, usable) => {
    expect(isUsableScale({ ...N0Q, ...change })).toBe(usable);
  });
});

describe('narrowCodes', () => {
  it('stores DWD 12-bit codes in 16 bits, nodata as 65535', () => {
    const raw = new Uint32Array([4294967295, 0, 136, 4095]);
    const n = narrowCodes(raw, DWD);
    expect(n.raw).toBeInstanceOf(Uint16Array);
    expect([...n.raw]).toEqual([65535, 0, 136, 4095]);
    expect(n.scale).toEqual({ ...DWD, nodata: 65535, undetect: 0 });
  });

  it.each<[string, () => CodeArray, RadarScale, string, number[]]>([
    [
      'small codes to 8 bits',
      () => new Int16Array([-1, 3, 200]),
      { ...N0Q, nodata: -1, undetect: 3 },
      'Uint8Array',
      [255, 3, 200],
    ],
    [
      'an odd undetect to the code below the top',
      () => new Uint16Array([7, 9, 100]),
      { ...N0Q, nodata: 9, undetect: 300 },
      'Uint8Array',
      [7, 255, 100],
    ],
    [
      'negative codes unchanged',
      () => new Int16Array([-5, 0, 1]),
      { ...N0Q, nodata: 1, undetect: 0 },
      'Int16Array',
      [-5, 0, 1],
    ],
    ['floats unchanged', () => new Float32Array([0.5, 1]), N0Q, 'Float32Array', [0.5, 1]],
    ['codes above 16 bits unchanged', () => new Uint32Array([70_000, 0]), DWD, 'Uint32Array', [70_000, 0]],
  ])('narrows %s', (_name, make, scale, type, codes) => {
    const n = narrowCodes(make(), scale);
    expect(n.raw.constructor.name).toBe(type);
    expect([...n.raw]).toEqual(codes);
  });
});
