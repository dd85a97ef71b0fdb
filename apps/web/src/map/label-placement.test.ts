import { describe, expect, it } from 'vitest';
import { placeSiteLabels } from './label-placement';

const viewport = { width: 390, height: 700 };
describe('site labels beside their markers', () => {
  const label = (id: number, x: number, y: number, priority = 0, width = 100) => ({
    id,
    at: [x, y] as const,
    size: { width, height: 20 },
    priority,
  });
  const R = 6;
  it.each<[string, ReturnType<typeof label>[], Record<number, string>]>([
    ['a lone site: right of its marker', [label(1, 200, 300)], { 1: 'right' }],
    ['at the right edge: left of its marker', [label(1, 380, 300)], { 1: 'left' }],
    [
      'a neighbour just right of it: the first goes right above nothing, the neighbour cannot sit on it',
      [label(1, 100, 300, 3), label(2, 160, 300, 0)],
      { 1: 'below', 2: 'right' },
    ],
    [
      'two sites side by side far apart: both right',
      [label(1, 50, 100), label(2, 50, 400)],
      { 1: 'right', 2: 'right' },
    ],
    [
      'a stack of three close sites: each keeps clear of the others’ labels and markers',
      [label(1, 200, 300, 3), label(2, 200, 314, 2), label(3, 200, 328, 1)],
      { 1: 'right', 2: 'left', 3: 'right' },
    ],
  ])('%s', (_case, sites, want) => {
    const got = placeSiteLabels(sites, viewport, R);
    expect(Object.fromEntries(got)).toEqual(want);
  });

  it('never leaves a site without a label, however crowded', () => {
    const crowd = Array.from({ length: 30 }, (_, i) => label(i + 1, 200 + (i % 3), 300 + (i % 5)));
    expect(placeSiteLabels(crowd, viewport, R).size).toBe(30);
  });
});

describe('site labels clear of the panels over the map', () => {
  it('puts a name left of its marker when a panel covers its right', () => {
    const site = { id: 1, at: [200, 300] as const, size: { width: 100, height: 20 }, priority: 0 };
    const panel = { x0: 230, y0: 0, x1: 390, y1: 700 };
    expect(placeSiteLabels([site], viewport, 6, [panel]).get(1)).toBe('left');
    expect(placeSiteLabels([site], viewport, 6).get(1)).toBe('right');
  });
});
