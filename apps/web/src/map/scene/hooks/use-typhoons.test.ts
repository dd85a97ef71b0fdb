import { describe, expect, it } from 'vitest';
import { clicksOver } from './use-typhoons';

const cells = { layers: ['cell-centre', 'cell-jump'], px: 8 } as const;
const typhoons = { layers: ['typhoon-point'], px: 10 } as const;

describe('clicksOver', () => {
  it.each([
    ['nothing on', [false, false], undefined],
    ['cells only', [cells, false], { layers: ['cell-centre', 'cell-jump'], px: 8 }],
    ['typhoons only', [false, typhoons], { layers: ['typhoon-point'], px: 10 }],
    ['both', [cells, typhoons], { layers: ['cell-centre', 'cell-jump', 'typhoon-point'], px: 10 }],
  ] as const)('%s', (_case, targets, expected) => {
    expect(clicksOver(...targets)).toEqual(expected);
  });
});
