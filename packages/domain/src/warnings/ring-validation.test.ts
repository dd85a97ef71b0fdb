import { DEFAULT_RINGS } from '@thunderwatch/shared/default-rings';
import type { Ring } from '@thunderwatch/shared/schemas/locations';
import { describe, expect, it } from 'vitest';
import { sortRings, validateRings } from './ring-validation.js';

const ring = (radius_km: number, level: number, extra: Partial<Record<keyof Ring, unknown>> = {}) =>
  ({
    radius_km,
    level,
    all_clear_min: 30,
    min_strokes: 1,
    window_min: 1,
    include_ic: true,
    ...extra,
  }) as Ring;

describe('validateRings', () => {
  it.each<[string, Ring[], string[]]>([
    ['the defaults', [...DEFAULT_RINGS], []],
    ['one ring', [ring(5, 3)], []],
    ['rings given outermost first', [ring(30, 1), ring(10, 3), ring(20, 2)], []],
    ['two rings of the same level', [ring(10, 2), ring(20, 2)], []],
    ['no rings', [], ['rings: must have between 1 and 6 rings']],
    ['seven rings', [1, 2, 3, 4, 5, 6, 7].map((r) => ring(r, 1)), ['rings: must have between 1 and 6 rings']],
    ['a radius of 0', [ring(0, 3)], ['rings/0/radius_km: must be between 0.1 and 200']],
    ['a radius of 250 km', [ring(10, 3), ring(250, 1)], ['rings/1/radius_km: must be between 0.1 and 200']],
    ['level 4', [ring(10, 4)], ['rings/0/level: must be between 1 and 3']],
    ['level 0', [ring(10, 0)], ['rings/0/level: must be between 1 and 3']],
    ['a fractional level', [ring(10, 1.5)], ['rings/0/level: must be a whole number']],
    [
      'all-clear of 0 minutes',
      [ring(10, 3, { all_clear_min: 0 })],
      ['rings/0/all_clear_min: must be between 1 and 240'],
    ],
    [
      'all-clear of 241 minutes',
      [ring(10, 3, { all_clear_min: 241 })],
      ['rings/0/all_clear_min: must be between 1 and 240'],
    ],
    [
      'no stroke needed',
      [ring(10, 3, { min_strokes: 0 })],
      ['rings/0/min_strokes: must be between 1 and 1000'],
    ],
    [
      'a window of 0 minutes',
      [ring(10, 3, { window_min: 0 })],
      ['rings/0/window_min: must be between 1 and 120'],
    ],
    [
      'include_ic not a boolean',
      [ring(10, 3, { include_ic: 'yes' })],
      ['rings/0/include_ic: must be true or false'],
    ],
    [
      'a radius that is not a number',
      [ring(10, 3, { radius_km: '10' })],
      ['rings/0/radius_km: must be a number'],
    ],
    [
      'two rings of the same radius',
      [ring(10, 3), ring(20, 2), ring(10, 2)],
      ['rings/2/radius_km: 10 km is used by ring 0 as well; radii must differ'],
    ],
    [
      'an outer ring louder than an inner one',
      [ring(10, 2), ring(20, 3)],
      [
        'rings/1/level: level 3 at 20 km is higher than level 2 of the nearer ring 0 (10 km); levels must not rise outward',
      ],
    ],
    [
      'several problems at once, each named',
      [ring(10, 5), ring(20, 2, { window_min: 500 })],
      ['rings/0/level: must be between 1 and 3', 'rings/1/window_min: must be between 1 and 120'],
    ],
  ])('%s', (_name, rings, expected) => {
    expect(validateRings(rings).map((i) => `${i.field}: ${i.message}`)).toEqual(expected);
  });
});

describe('sortRings', () => {
  it('puts the innermost ring first without changing the input', () => {
    const input = [ring(30, 1), ring(10, 3), ring(20, 2)];
    expect(sortRings(input).map((r) => r.radius_km)).toEqual([10, 20, 30]);
    expect(input.map((r) => r.radius_km)).toEqual([30, 10, 20]);
  });
});
