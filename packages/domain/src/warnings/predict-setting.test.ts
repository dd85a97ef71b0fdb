import { describe, expect, it } from 'vitest';
import { DEFAULT_PREDICT, mergePredict, resolvePredict, validatePredict } from './predict-setting.js';

describe('validatePredict', () => {
  it.each([
    { input: { enabled: true }, fields: [] },
    { input: { enabled: true, range_km: 1, level: 3 }, fields: [] },
    { input: { enabled: false, range_km: 200, level: null }, fields: [] },
    { input: { enabled: true, range_km: 0.5 }, fields: ['predict/range_km'] },
    { input: { enabled: true, range_km: 201 }, fields: ['predict/range_km'] },
    { input: { enabled: true, range_km: Number.NaN }, fields: ['predict/range_km'] },
    { input: { enabled: true, level: 0 }, fields: ['predict/level'] },
    { input: { enabled: true, level: 2.5, range_km: -3 }, fields: ['predict/range_km', 'predict/level'] },
  ])('$input: $fields', ({ input, fields }) => {
    expect(validatePredict(input).map((i) => i.field)).toEqual(fields);
  });
});

describe('mergePredict and resolvePredict', () => {
  const rings = [{ level: 3 as const }, { level: 2 as const }, { level: 1 as const }];
  it.each([
    {
      name: 'nothing given keeps the stored setting',
      input: undefined,
      out: { enabled: false, rangeKm: 40, level: 1 },
    },
    {
      name: 'on, with the defaults',
      input: { enabled: true },
      out: { enabled: true, rangeKm: 40, level: 1 },
    },
    {
      name: 'on, with a range and a level',
      input: { enabled: true, range_km: 25, level: 2 },
      out: { enabled: true, rangeKm: 25, level: 2 },
    },
  ])('$name', ({ input, out }) => {
    expect(resolvePredict(mergePredict(DEFAULT_PREDICT, input), rings)).toEqual(out);
  });

  it('keeps a level until null gives it back to the outermost ring', () => {
    const fixed = mergePredict(DEFAULT_PREDICT, { enabled: true, level: 3 });
    expect(mergePredict(fixed, { enabled: false }).level).toBe(3);
    expect(resolvePredict(mergePredict(fixed, { enabled: true, level: null }), [{ level: 2 }]).level).toBe(2);
  });
});
