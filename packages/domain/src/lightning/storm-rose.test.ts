import { describe, expect, it } from 'vitest';
import { type CellTrack, stormRose } from './storm-rose.js';

const H = 3_600_000;
// From (23, 113), moving about 30 km in an hour towards a bearing.
const track = (dLat: number, dLon: number, hours = 1): CellTrack => ({
  firstMs: 0,
  firstLat: 23,
  firstLon: 113,
  lastMs: hours * H,
  lastLat: 23 + dLat,
  lastLon: 113 + dLon,
});

describe('stormRose', () => {
  it.each([
    { name: 'north-east mover', tracks: [track(0.2, 0.2)], sector: 2 },
    { name: 'due north', tracks: [track(0.3, 0)], sector: 0 },
    { name: 'due east', tracks: [track(0, 0.3)], sector: 4 },
    { name: 'west-south-west', tracks: [track(-0.1, -0.3)], sector: 11 },
  ])('$name → sector $sector', ({ tracks, sector }) => {
    const r = stormRose(tracks);
    expect(r.storms).toBe(1);
    expect(r.sectors.findIndex((s) => s.storms === 1)).toBe(sector);
  });

  it('leaves out short and nearly still tracks', () => {
    expect(stormRose([track(0.3, 0, 0.2), track(0.01, 0.01)]).storms).toBe(0);
  });

  it('gives sectors centred on north with the mean speed', () => {
    const r = stormRose([track(0.3, 0), track(0.6, 0, 2)]);
    expect(r.sectors[0]).toMatchObject({ from_deg: 348.75, to_deg: 11.25, storms: 2 });
    expect(r.sectors[0]?.mean_speed_kmh).toBeCloseTo(33.4, 0);
    expect(r.sectors[1]).toMatchObject({ from_deg: 11.25, to_deg: 33.75, storms: 0, mean_speed_kmh: null });
  });

  it.each([
    { sectors: 1, length: 1 },
    { sectors: 360, length: 360 },
  ])('gives $sectors sectors when asked', ({ sectors, length }) => {
    expect(stormRose([track(0.3, 0)], sectors).sectors).toHaveLength(length);
  });

  // A count from which a table is allocated is checked first: 100,000,000 once took the process down.
  it.each([0, -1, 2.5, 361, 100_000_000, 3e9, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses %s sectors before allocating',
    (sectors) => {
      expect(() => stormRose([], sectors)).toThrow(RangeError);
    },
  );
});
