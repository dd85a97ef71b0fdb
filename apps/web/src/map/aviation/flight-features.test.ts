import type { Aircraft } from '@thunderwatch/shared/schemas/flights';
import { describe, expect, it } from 'vitest';
import { aircraftFeatures, flightLevel, trackFeatures } from './flight-features';

const plane = (over: Partial<Aircraft>): Aircraft => ({
  icao24: '780a3b',
  callsign: 'CSN3101',
  time: '2026-11-24T10:00:00Z',
  lat: 23.4,
  lon: 113.3,
  altitude_m: 3000,
  on_ground: false,
  speed_ms: 120,
  track_deg: 185,
  vertical_rate_ms: -5,
  squawk: null,
  hazard: 'none',
  hazard_km: null,
  cell_id: null,
  ...over,
});

describe('flightLevel', () => {
  it.each([
    [3000, false, 'FL098'],
    [10668, false, 'FL350'],
    [-20, false, 'FL000'],
    [null, false, '—'],
    [0, true, 'GND'],
  ])('%s m (on ground %s) is %s', (m, ground, fl) => {
    expect(flightLevel(m, ground)).toBe(fl);
  });
});

describe('aircraftFeatures', () => {
  it('labels callsign and level, turns by track, and draws the graver hazards on top', () => {
    const f = aircraftFeatures([
      plane({ icao24: 'aaaaaa', hazard: 'inside' }),
      plane({ icao24: 'bbbbbb', callsign: null, track_deg: null }),
      plane({ icao24: 'cccccc', hazard: 'near' }),
    ]);
    expect(f.features.map((x) => x.properties)).toEqual([
      { icao24: 'bbbbbb', hazard: 'none', track: 0, label: 'BBBBBB\nFL098' },
      { icao24: 'cccccc', hazard: 'near', track: 185, label: 'CSN3101\nFL098' },
      { icao24: 'aaaaaa', hazard: 'inside', track: 185, label: 'CSN3101\nFL098' },
    ]);
  });
});

describe('trackFeatures', () => {
  it('splits lines from positions and colours the positions by hazard', () => {
    const t = trackFeatures({
      type: 'FeatureCollection',
      icao24: '780a3b',
      features: [
        {
          type: 'Feature',
          geometry: {
            type: 'LineString',
            coordinates: [
              [113, 23],
              [113.1, 23.1],
            ],
          },
          properties: { flight: 0, from: 'a', to: 'b' },
        },
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [113.1, 23.1] },
          properties: {
            time: 'b',
            flight: 0,
            callsign: null,
            altitude_m: null,
            speed_ms: null,
            track_deg: null,
            vertical_rate_ms: null,
            hazard: 'near',
            hazard_km: 4,
          },
        },
      ],
    });
    expect(t.lines.features).toHaveLength(1);
    expect(t.points.features.map((p) => p.properties)).toEqual([{ hazard: 'near', color: '#f59e0b' }]);
  });
});
