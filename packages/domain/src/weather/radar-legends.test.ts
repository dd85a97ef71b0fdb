import { describe, expect, it } from 'vitest';
import { DBZ_STEPS, legendFor, legendIndex, quantityInfo, rgbOf } from './radar-legends.js';

describe('quantityInfo', () => {
  it.each([
    ['DBZH', { kind: 'reflectivity', units: 'dBZ' }],
    ['TH', { kind: 'reflectivity', units: 'dBZ' }],
    ['RATE', { kind: 'rate', units: 'mm/h' }],
    ['ACRR', { kind: 'accumulation', units: 'mm' }],
    ['VRADH', null],
    ['constructor', null],
    ['dbzh', null],
  ])('%s → %j', (q, info) => {
    expect(quantityInfo(q)).toEqual(info);
  });
});

describe('legendIndex', () => {
  it.each([
    [4.9, -1],
    [5, 0],
    [9.99, 0],
    [10, 1],
    [52, 9],
    [75, 14],
    [120, 14],
    [Number.NaN, -1],
    [-30, -1],
  ])('%d dBZ is band %d', (value, band) => {
    expect(legendIndex(DBZ_STEPS, value)).toBe(band);
  });

  it('finds no band in an empty legend', () => {
    expect(legendIndex([], 50)).toBe(-1);
  });
});

describe('legendFor', () => {
  it('draws reflectivity with the NWS bands, 5 to 75 dBZ', () => {
    const legend = legendFor({ kind: 'reflectivity', units: 'dBZ' });
    expect(legend.units).toBe('dBZ');
    expect(legend.steps.map((s) => s.from)).toEqual([
      5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75,
    ]);
  });

  it.each([
    // A 5-minute amount: 0.1 mm/h is 0.00833 mm in 5 minutes.
    [5, 0.00833, 8.33],
    [60, 0.1, 100],
    [null, 0.1, 100],
  ])('scales amount bands to a %s-minute period', (period, first, last) => {
    const legend = legendFor({ kind: 'accumulation', units: 'mm' }, period);
    expect(legend.units).toBe('mm');
    expect(legend.steps[0]?.from).toBe(first);
    expect(legend.steps.at(-1)?.from).toBe(last);
  });

  it('draws rain rates in mm/h, never as dBZ', () => {
    const legend = legendFor({ kind: 'rate', units: 'mm/h' }, 5);
    expect(legend.units).toBe('mm/h');
    expect(legend.steps[0]?.from).toBe(0.1);
  });
});

describe('rgbOf', () => {
  it.each<[string, [number, number, number]]>([
    ['#04e9e7', [4, 233, 231]],
    ['#fdfdfd', [253, 253, 253]],
    ['#000000', [0, 0, 0]],
  ])('%s → %j', (hex, rgb) => {
    expect(rgbOf(hex)).toEqual(rgb);
  });
});
