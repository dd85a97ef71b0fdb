import { describe, expect, it } from 'vitest';
import { type WavePair, type WaveSite, WaveSiteIndex, waveAlarmStep } from './wave-alarms.js';

// A harbour 22 km north of buoy B (0.2° of latitude), threshold 4 m; a platform 89 km away, threshold 2 m.
const HARBOUR: WaveSite = { id: 1, lat: 30.2, lon: 122, thresholdM: 4 };
const PLATFORM: WaveSite = { id: 2, lat: 30.8, lon: 122, thresholdM: 2 };
const sites = new WaveSiteIndex([HARBOUR, PLATFORM]);
const buoy = (heightM: number | null) => ({ id: 'B', lat: 30, lon: 122, heightM });
const open = (locationId: number): WavePair => ({ stationId: 'B', locationId });

describe('waveAlarmStep', () => {
  it.each([
    // height, open alarms, radius km, raised, held, cleared
    { h: 3.9, open: [], r: 50, raise: [], hold: [], clear: [] },
    { h: 4.0, open: [], r: 50, raise: [1], hold: [], clear: [] },
    { h: 4.0, open: [], r: 100, raise: [1, 2], hold: [], clear: [] },
    { h: 4.0, open: [1], r: 50, raise: [], hold: [1], clear: [] },
    // Hysteresis: an open alarm holds down to 90 % of the threshold (3.6 m), clears below.
    { h: 3.6, open: [1], r: 50, raise: [], hold: [1], clear: [] },
    { h: 3.59, open: [1], r: 50, raise: [], hold: [], clear: [1] },
    // …but 3.7 m opens no new alarm.
    { h: 3.7, open: [], r: 50, raise: [], hold: [], clear: [] },
    // No recent height: the station's open alarms clear.
    { h: null, open: [1], r: 50, raise: [], hold: [], clear: [1] },
    // The location moved out of reach (a smaller radius): cleared.
    { h: 5, open: [2], r: 50, raise: [1], hold: [], clear: [2] },
  ])('$h m, open $open, $r km: raise $raise, hold $hold, clear $clear', (c) => {
    const step = waveAlarmStep({ stations: [buoy(c.h)], sites, open: c.open.map(open), radiusKm: c.r });
    expect(step.raise.map((e) => e.locationId).sort()).toEqual(c.raise);
    expect(step.hold.map((e) => e.locationId).sort()).toEqual(c.hold);
    expect(step.clear.map((e) => e.locationId).sort()).toEqual(c.clear);
  });

  it.each([
    [4, 2],
    [5.99, 2],
    [6, 3],
  ])('%d m against 4 m is level %d', (h, level) => {
    const [e] = waveAlarmStep({ stations: [buoy(h)], sites, open: [], radiusKm: 50 }).raise;
    expect(e).toMatchObject({ stationId: 'B', locationId: 1, heightM: h, thresholdM: 4, level });
    expect(e?.distanceKm).toBeCloseTo(22.2, 0);
  });

  it('leaves the open alarms of stations it was not given', () => {
    const step = waveAlarmStep({
      stations: [buoy(1)],
      sites,
      open: [{ stationId: 'other', locationId: 1 }],
      radiusKm: 50,
    });
    expect(step).toEqual({ raise: [], hold: [], clear: [] });
  });
});

describe('WaveSiteIndex', () => {
  it.each([
    // station lat, lon, radius, sites found
    { lat: 30, lon: 122, km: 10, ids: [] },
    { lat: 30, lon: 122, km: 23, ids: [1] },
    { lat: 30, lon: 122, km: 90, ids: [1, 2] },
    // Across 180°: a site at 179.9° E is 22 km from a station at 179.9° W on the equator.
    { lat: 0, lon: -179.9, km: 30, ids: [3, 4] },
    { lat: 0, lon: -179.9, km: 10, ids: [4] },
    { lat: 0, lon: 179.95, km: 30, ids: [3, 4] },
  ])('($lat, $lon) within $km km: $ids', ({ lat, lon, km, ids }) => {
    const index = new WaveSiteIndex([
      HARBOUR,
      PLATFORM,
      { id: 3, lat: 0, lon: 179.9, thresholdM: 1 },
      { id: 4, lat: 0, lon: -179.9, thresholdM: 1 },
    ]);
    expect(
      index
        .near(lat, lon, km)
        .map((n) => n.site.id)
        .sort(),
    ).toEqual(ids);
  });
});
