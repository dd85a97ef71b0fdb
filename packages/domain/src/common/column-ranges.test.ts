import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEGREE_MIN_MAGNITUDE,
  degreeProblem,
  type NumericColumn,
  numberOfText,
  numberProblem,
  type Range,
  REAL_MAX,
  REAL_MIN_MAGNITUDE,
  textProblem,
} from './column-ranges.js';

describe('column ranges', () => {
  it.each<[unknown, NumericColumn, Range | undefined, string | null]>([
    [0, 'real', undefined, null],
    [-0, 'real', undefined, null],
    [1e-30, 'real', undefined, null],
    [-1e-30, 'real', undefined, null],
    [REAL_MAX, 'real', undefined, null],
    [1e-300, 'real', undefined, 'must be 0 or at least 1e-30 in magnitude, got 1e-300'],
    [-5e-45, 'real', undefined, 'must be 0 or at least 1e-30 in magnitude, got -5e-45'],
    [1.2e-38, 'real', undefined, 'must be 0 or at least 1e-30 in magnitude, got 1.2e-38'],
    [3.5e38, 'real', undefined, `must be at most ${REAL_MAX} in magnitude, got 3.5e+38`],
    [-1e300, 'real', undefined, `must be at most ${REAL_MAX} in magnitude, got -1e+300`],
    [1e-300, 'real', { min: -90, max: 60 }, 'must be 0 or at least 1e-30 in magnitude, got 1e-300'],
    [61, 'real', { min: -90, max: 60, unit: '°C' }, 'must be between -90 and 60 °C, got 61'],
    [1e-300, 'double', undefined, null],
    [1e308, 'double', undefined, null],
    [Number.NaN, 'double', undefined, 'must be a finite number'],
    [Number.POSITIVE_INFINITY, 'real', undefined, 'must be a finite number'],
    [Number.NEGATIVE_INFINITY, 'integer', undefined, 'must be a finite number'],
    ['1', 'real', undefined, 'must be a number, got the string "1"'],
    ['', 'real', undefined, 'must be a number, got the string ""'],
    [true, 'smallint', undefined, 'must be a number, got boolean'],
    [[1], 'integer', undefined, 'must be a number, got an array'],
    [null, 'bigint', undefined, 'must be a number, got null'],
    [32_767, 'smallint', undefined, null],
    [32_768, 'smallint', undefined, 'must be between -32768 and 32767, got 32768'],
    [-32_769, 'smallint', undefined, 'must be between -32768 and 32767, got -32769'],
    [1.5, 'smallint', undefined, 'must be a whole number, got 1.5'],
    [2_147_483_647, 'integer', undefined, null],
    [2_147_483_648, 'integer', undefined, 'must be between -2147483648 and 2147483647, got 2147483648'],
    [2 ** 53 - 1, 'bigint', undefined, null],
    [
      2 ** 53,
      'bigint',
      undefined,
      'must be between -9007199254740991 and 9007199254740991, got 9007199254740992',
    ],
    [1e308, 'bigint', undefined, 'must be between -9007199254740991 and 9007199254740991, got 1e+308'],
    [900, 'smallint', { min: 850, max: 1100 }, null],
    [849, 'smallint', { min: 850, max: 1100 }, 'must be between 850 and 1100, got 849'],
  ])('number %j for %s %j → %j', (v, column, range, expected) =>
    expect(numberProblem(v, column, range)).toBe(expected),
  );

  it.each<[string, NumericColumn, { value: number | null } | { problem: string }]>([
    ['', 'real', { value: null }],
    ['  ', 'real', { value: null }],
    [' 12.5 ', 'real', { value: 12.5 }],
    ['-1e-300', 'real', { problem: 'must be 0 or at least 1e-30 in magnitude, got -1e-300' }],
    ['1e-300', 'double', { value: 1e-300 }],
    ['0x10', 'real', { problem: 'must be a number, got "0x10"' }],
    ['NaN', 'real', { problem: 'must be a number, got "NaN"' }],
    ['Infinity', 'double', { problem: 'must be a number, got "Infinity"' }],
    ['1e309', 'double', { problem: 'must be a finite number' }],
    ['.5', 'real', { value: 0.5 }],
    ['5.', 'real', { value: 5 }],
    ['40000', 'smallint', { problem: 'must be between -32768 and 32767, got 40000' }],
  ])('text %j for %s → %j', (cell, column, expected) => expect(numberOfText(cell, column)).toEqual(expected));

  it.each<[unknown, number, string | null]>([
    ['Guangzhou', 100, null],
    ['', 100, null],
    ['a\u0000b', 100, 'must not contain the NUL character (\\u0000)'],
    ['x'.repeat(101), 100, 'must be at most 100 characters'],
    // Characters, not UTF-16 units: 100 emoji are 200 units.
    ['😀'.repeat(100), 100, null],
    [12, 100, 'must be text, got number'],
    [null, 100, 'must be text, got null'],
  ])('text %j within %d → %j', (v, max, expected) => expect(textProblem(v, max)).toBe(expected));

  it('passes only what float4 holds without rounding to 0 or Infinity', () => {
    fc.assert(
      fc.property(fc.double(), (v) => {
        const ok = numberProblem(v, 'real') === null;
        if (ok) {
          expect(Math.abs(Math.fround(v))).not.toBe(Number.POSITIVE_INFINITY);
          expect(v === 0 || Math.fround(v) !== 0).toBe(true);
          expect(v === 0 || Math.abs(v) >= REAL_MIN_MAGNITUDE).toBe(true);
        }
      }),
      { numRuns: 5000 },
    );
  });

  it.each<[unknown, 90 | 180, string | null]>([
    [0, 90, null],
    [-0, 180, null],
    [DEGREE_MIN_MAGNITUDE, 90, null],
    [-90, 90, null],
    [180, 180, null],
    [5e-324, 90, 'must be 0 or at least 1e-9° in magnitude, got 5e-324'],
    [-1e-200, 180, 'must be 0 or at least 1e-9° in magnitude, got -1e-200'],
    [90.5, 90, 'must be between -90 and 90, got 90.5'],
    [Number.NaN, 180, 'must be a finite number'],
    ['23', 90, 'must be a number, got the string "23"'],
  ])('degrees %s within ±%s: %s', (value, limit, problem) => {
    expect(degreeProblem(value, limit)).toBe(problem);
  });
});
