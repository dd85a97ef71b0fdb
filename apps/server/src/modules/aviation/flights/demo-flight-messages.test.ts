import { measureDemoFlightMessages } from '@thunderwatch/domain/aviation/demo-flight-messages';
import { simTraffic } from '@thunderwatch/domain/aviation/flight-sim';
import { DEMO_SITES, demoSitesWithRings } from '@thunderwatch/domain/lightning/demo-sites';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import { simulatorWorldStart } from '../../../pipeline/feeds/simulator-feed.js';

const HOUR = 3_600_000;

/**
 * The demo airport's flight messages over six hours after `npm start`: its own traffic (a movement every 2 min)
 * through the demo's storms, told once per airport and episode with at most one push per 15 minutes.
 */
describe("the demo airport's flight messages", () => {
  const { seed, backfillMin } = loadConfig({}).simulator;
  const sites = demoSitesWithRings();
  const airportId = 1 + DEMO_SITES.findIndex((l) => l.airportIcao !== undefined);

  /** Six times the demo's traffic: the same movements shifted by 20 s steps, as other aircraft. */
  const busy = (t: number) =>
    [0, 1, 2, 3, 4, 5].flatMap((k) =>
      simTraffic(t + k * 20_000).map((p) => ({
        ...p,
        icao24: (Number.parseInt(p.icao24, 16) + k * 0x1000).toString(16),
      })),
    );

  it.each([
    [0, 'the demo traffic', simTraffic],
    [13, 'the demo traffic', simTraffic],
    [13, 'six times the demo traffic', busy],
  ])('started at %i:17 Beijing time, %s: at most 4 messages in any airport-hour', (hour, _name, traffic) => {
    const nowMs = Date.UTC(2026, 6, 12, hour - 8, 17);
    const day = measureDemoFlightMessages({
      seed,
      worldStartMs: simulatorWorldStart(nowMs, backfillMin),
      fromMs: nowMs,
      toMs: nowMs + 6 * HOUR,
      sites,
      airportId,
      redAtMs: nowMs,
      traffic,
    });
    const why = JSON.stringify(day);
    // The demo's storms do cross the airport's traffic: alarms are raised, and told.
    expect(day.alarms, why).toBeGreaterThan(0);
    expect(day.messages, why).toBeGreaterThan(0);
    // One message per episode, never more than the alarms; the log shows the figures for the closing note.
    expect(day.messages, why).toBeLessThanOrEqual(day.alarms);
    console.log(`flight messages (${_name}, ${hour}:17): ${why}`);
    for (const h of day.perHour) {
      expect(h.messages, why).toBeLessThanOrEqual(4);
      expect(h.pushes, why).toBeLessThanOrEqual(4);
    }
  });
});
