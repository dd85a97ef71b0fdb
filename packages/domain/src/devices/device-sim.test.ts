import { describe, expect, it } from 'vitest';
import { simHeartbeat, simStations } from './device-sim.js';
import { degradedReasons } from './device-status.js';
import { parseHeartbeat } from './heartbeat-parse.js';

const T = Date.parse('2026-11-24T06:00:00Z');

describe('simulated detection stations', () => {
  it('names four stations owned through one demo location', () => {
    const stations = simStations('Baiyun');
    expect(stations.map((s) => s.id)).toEqual([
      'sim-station-1',
      'sim-station-2',
      'sim-station-3',
      'sim-station-4',
    ]);
    expect(new Set(stations.map((s) => s.locationName))).toEqual(new Set(['Baiyun']));
  });

  it('sends heartbeats the real parser accepts, the same for the same minute', () => {
    for (let i = 0; i < 4; i++) {
      for (let m = 0; m < 120; m += 7) {
        const hb = simHeartbeat(i, T + m * 60_000 + 1234);
        expect(hb).toEqual(simHeartbeat(i, T + m * 60_000));
        const parsed = parseHeartbeat(
          { device: `sim-station-${i + 1}`, ...hb },
          new Date(T + m * 60_000 + 5000),
        );
        expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
      }
    }
  });

  it.each([
    // [station index, minute of the hour, degraded reasons]
    [0, 5, []],
    [2, 5, ['no_gps_lock']],
    [2, 15, []],
  ])('station %i at minute %i is degraded for %j', (index, minute, reasons) => {
    const hb = simHeartbeat(index, T + minute * 60_000);
    expect(degradedReasons(hb)).toEqual(reasons);
  });
});
