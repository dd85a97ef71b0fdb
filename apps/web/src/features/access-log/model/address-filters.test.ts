import { describe, expect, it } from 'vitest';
import { AddressFilters } from './address-filters';

type Step = ['apply', string] | ['render', string, boolean];

describe('AddressFilters', () => {
  it.each<[string, Step[]]>([
    ['a render with the address unchanged takes nothing', [['render', 'a', false]]],
    [
      'an apply, a render before the address catches up (typing), then the applied filters arriving',
      [
        ['apply', 'b'],
        ['render', 'a', false],
        ['render', 'a', false],
        ['render', 'b', false],
      ],
    ],
    [
      'Back to the filters before: they come from outside, so the draft takes them',
      [
        ['apply', 'b'],
        ['render', 'b', false],
        ['render', 'a', true],
      ],
    ],
    [
      'two applies, then Back to the first',
      [
        ['apply', 'b'],
        ['render', 'b', false],
        ['apply', 'c'],
        ['render', 'c', false],
        ['render', 'b', true],
      ],
    ],
    ['a shared link opened over the form', [['render', 'z', true]]],
  ])('%s', (_name, steps) => {
    const address = new AddressFilters('a');
    for (const step of steps) {
      if (step[0] === 'apply') address.apply(step[1]);
      else expect(address.arrived(step[1])).toBe(step[2]);
    }
  });
});
