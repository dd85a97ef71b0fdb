import { describe, expect, it } from 'vitest';
import { isUsableScale, type RadarScale, rawOf, roundValue, sampleOf } from './radar-scale.js';

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
