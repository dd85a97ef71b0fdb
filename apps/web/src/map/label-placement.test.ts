import { describe, expect, it } from 'vitest';
import { chooseLabelCandidate, type LabelCandidate, labelBox } from './label-placement';

const viewport = { width: 390, height: 700 };
const size = { width: 120, height: 20 };
/** A ring of radius 50 px around (x, y), and the location itself as the last resort. */
const around = (x: number, y: number, r = 50): LabelCandidate[] => [
  { side: 'below', at: [x, y + r] },
  { side: 'above', at: [x, y - r] },
  { side: 'right', at: [x + r, y] },
  { side: 'left', at: [x - r, y] },
  { side: 'below', at: [x, y] },
];

describe('label placement', () => {
  it.each<[string, number, number, LabelCandidate['side'], number]>([
    ['in the middle: under the ring', 200, 300, 'below', 350],
    ['at the bottom edge: over the ring', 200, 660, 'above', 610],
    ['at the right edge, low: over the ring, slid left', 360, 660, 'above', 610],
    ['at the left edge, low: over the ring, slid right', 20, 660, 'above', 610],
    ['in the bottom right corner, too far to slide over the ring: left of it', 388, 660, 'left', 660],
  ])('%s', (_case, x, y, side, anchorY) => {
    const chosen = chooseLabelCandidate(around(x, y), size, viewport);
    expect(chosen?.side).toBe(side);
    expect(chosen?.at[1]).toBe(anchorY);
  });

  it('keeps a label that fits clear of the ring it belongs to', () => {
    const [x, y, r] = [200, 300, 50];
    for (const candidate of around(x, y, r).slice(0, 4)) {
      const box = labelBox(candidate, size);
      // The nearest point of the box to the centre lies outside the ring.
      const dx = Math.max(box.x0 - x, 0, x - box.x1);
      const dy = Math.max(box.y0 - y, 0, y - box.y1);
      expect(Math.hypot(dx, dy)).toBeGreaterThan(r);
    }
  });

  it('falls back to the location itself when the ring is bigger than the screen', () => {
    const chosen = chooseLabelCandidate(around(200, 300, 2000), size, viewport);
    expect(chosen).toEqual({ side: 'below', at: [200, 300], shift: 0 });
  });

  it('shows as much as it can when nothing fits', () => {
    const chosen = chooseLabelCandidate(around(200, 300, 0), { width: 1000, height: 20 }, viewport);
    expect(chosen?.side).toBe('below');
  });

  it('slides a label along the ring into view, still touching the point it names', () => {
    const wide = { width: 300, height: 20 };
    const chosen = chooseLabelCandidate(around(90, 300), wide, viewport);
    expect(chosen?.side).toBe('below');
    const box = labelBox(chosen as LabelCandidate, wide, chosen?.shift);
    expect(box.x0).toBeGreaterThanOrEqual(0);
    expect(box.x1).toBeLessThanOrEqual(viewport.width);
    expect(box.x0).toBeLessThan(90);
    expect(box.x1).toBeGreaterThan(90);
  });

  it('takes a label that fits exactly, whatever the rounding of its edges', () => {
    // 432.425… − 161.5 and + 161.5 do not differ by exactly 323 in floating point.
    const chosen = chooseLabelCandidate(
      [{ side: 'below', at: [432.42533640810444, 393.2717395527393] }, ...around(432, 393)],
      { width: 323, height: 21 },
      { width: 1146, height: 712 },
    );
    expect(chosen?.side).toBe('below');
    expect(chosen?.at[0]).toBe(432.42533640810444);
  });
});
