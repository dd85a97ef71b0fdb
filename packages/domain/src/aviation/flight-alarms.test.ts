import { describe, expect, it } from 'vitest';
import { boxAround, flightAlarmStep, withinRadius } from './flight-alarms.js';

const A = 'abc123';
const B = 'def456';

describe('flightAlarmStep', () => {
  it.each([
    // [case, airport level, hazard, open?, raise, hold, clear]
    ['enters a cell at orange: raises', 2, 'inside', false, 1, 0, 0],
    ['enters a cell at red: raises', 3, 'inside', false, 1, 0, 0],
    ['enters a cell at yellow: nothing', 1, 'inside', false, 0, 0, 0],
    ['enters a cell when clear: nothing', 0, 'inside', false, 0, 0, 0],
    ['stays inside: holds, no second alarm', 2, 'inside', true, 0, 1, 0],
    ['leaves the cell (near): clears', 2, 'near', true, 0, 0, 1],
    ['leaves the cell (none): clears', 3, 'none', true, 0, 0, 1],
    ['airport falls to yellow while inside: clears', 1, 'inside', true, 0, 0, 1],
    ['near a cell at red: nothing', 3, 'near', false, 0, 0, 0],
    ['on the ground in a cell at red: nothing (the airport is warned)', 3, 'inside', false, 0, 0, 0, true],
    ['lands inside the cell with its alarm open: clears', 3, 'inside', true, 0, 0, 1, true],
  ] as const)('%s', (_case, level, hazard, open, raise, hold, clear, onGround: boolean = false) => {
    const step = flightAlarmStep({
      airports: [{ locationId: 7, level }],
      aircraft: [{ icao24: A, locationId: 7, hazard, onGround }],
      open: open ? [{ icao24: A, locationId: 7 }] : [],
    });
    expect([step.raise.length, step.hold.length, step.clear.length]).toEqual([raise, hold, clear]);
  });

  it('raises with the airport level, per airport, once per pair', () => {
    const step = flightAlarmStep({
      airports: [
        { locationId: 1, level: 3 },
        { locationId: 2, level: 2 },
      ],
      aircraft: [
        { icao24: A, locationId: 1, hazard: 'inside' },
        { icao24: A, locationId: 1, hazard: 'inside' },
        { icao24: A, locationId: 2, hazard: 'inside' },
        { icao24: B, locationId: 2, hazard: 'none' },
      ],
      open: [{ icao24: B, locationId: 2 }],
    });
    expect(step.raise.map((r) => [r.icao24, r.locationId, r.level])).toEqual([
      [A, 1, 3],
      [A, 2, 2],
    ]);
    expect(step.clear).toEqual([{ icao24: B, locationId: 2 }]);
  });

  it('clears an open alarm whose aircraft is no longer seen', () => {
    const step = flightAlarmStep({
      airports: [{ locationId: 1, level: 3 }],
      aircraft: [],
      open: [{ icao24: A, locationId: 1 }],
    });
    expect(step.clear).toEqual([{ icao24: A, locationId: 1 }]);
  });
});

describe('withinRadius', () => {
  it('keeps positions within the radius, nearest first, with distances', () => {
    const got = withinRadius(23.39, 113.3, 50, [
      { id: 'far', lat: 24.0, lon: 113.3 }, // ~68 km
      { id: 'edge', lat: 23.39 + 0.44, lon: 113.3 }, // ~48.9 km
      { id: 'here', lat: 23.39, lon: 113.3 },
    ]);
    expect(got.map((p) => p.id)).toEqual(['here', 'edge']);
    expect(got[1]?.distanceKm).toBeCloseTo(48.93, 1);
  });

  it('boxAround holds the circle', () => {
    const b = boxAround(23.39, 113.3, 50);
    expect(b.north - 23.39).toBeGreaterThan(0.44);
    expect(113.3 - b.west).toBeGreaterThan(50 / (111 * Math.cos((23.39 * Math.PI) / 180)));
  });
});
