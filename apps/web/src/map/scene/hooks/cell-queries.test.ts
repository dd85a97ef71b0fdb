import { describe, expect, it } from 'vitest';
import { TRACK_WINDOW_MIN } from '../../cells/cell-features';
import { cellsTime, cellTracksQuery } from './cell-queries';

const MIN = 60_000;
const at = (hhmmss: string) => Date.parse(`2025-07-01T${hhmmss}Z`);
const view = { west: 112.3, south: 22.1, east: 114.1, north: 23.4 };

describe('cellsTime', () => {
  it.each([
    ['live', at('12:07:31'), null],
    ['replay', at('12:07:31'), '2025-07-01T12:07:00.000Z'],
    ['replay', at('12:07:00'), '2025-07-01T12:07:00.000Z'],
    ['replay', at('12:07:59.999'), '2025-07-01T12:07:00.000Z'],
  ] as const)('%s at %i asks for %s', (mode, shown, time) => {
    expect(cellsTime(mode, shown)).toBe(time);
  });
});

describe('cellTracksQuery', () => {
  const now = at('18:00:30');
  it.each([
    ['a replay minute', at('12:07:00'), '11:00', '12:30'],
    ['the end of a block', at('12:30:00'), '11:00', '12:30'],
    ['the next block', at('12:30:30'), '11:30', '13:00'],
    ['live, not past the present minute', now, '17:00', '18:00'],
  ])('asks for %s the blocks around it', (_name, shown, from, to) => {
    const q = cellTracksQuery(shown, now, view, 7);
    expect([q.from, q.to]).toEqual([`2025-07-01T${from}:00.000Z`, `2025-07-01T${to}:00.000Z`]);
  });

  it('asks once per half hour of replay', () => {
    const keys = new Set<string>();
    for (let t = at('12:00:30'); t <= at('12:30:00'); t += MIN)
      keys.add(JSON.stringify(cellTracksQuery(t, now, view, 7)));
    expect(keys.size).toBe(1);
  });

  it('always covers the hour before the time shown', () => {
    for (let t = at('10:00:00'); t <= now; t += 7 * MIN + 13_000) {
      const q = cellTracksQuery(t, now, view, 7);
      expect(Date.parse(q.from)).toBeLessThanOrEqual(t - TRACK_WINDOW_MIN * MIN);
      expect(Date.parse(q.to)).toBeGreaterThanOrEqual(Math.floor(t / MIN) * MIN);
      expect(Date.parse(q.to)).toBeLessThanOrEqual(now);
    }
  });

  it('asks for the view grown and snapped, so a small pan asks for the same area', () => {
    const q = cellTracksQuery(at('12:07:00'), now, view, 7);
    expect(q.bbox).toBe('111.2,21.2,115.2,24.4');
    const panned = { ...view, west: view.west + 0.1, east: view.east + 0.1 };
    expect(cellTracksQuery(at('12:07:00'), now, panned, 7).bbox).toBe(q.bbox);
  });
});
