import { measureDemoDay } from '@thunderwatch/domain/lightning/demo-day';
import { demoSitesWithRings } from '@thunderwatch/domain/lightning/demo-sites';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { simulatorWorldStart } from './simulator-feed.js';

const HOUR = 3_600_000;

/**
 * The demo as `npm start` runs it: the demo group's own sites and the rings the first start gives them, the
 * simulator's default seed and backfill, the world set up as the feed sets it up (`simulatorWorldStart`, and
 * a storm over the first site at the start). (packages/domain's
 * `demo-day.test.ts` runs more seeds on a copy of the sites.)
 */
describe('the demo sites over six hours after npm start', () => {
  const { seed, backfillMin } = loadConfig({}).simulator;
  const sites = demoSitesWithRings();

  it.each([0, 6, 13, 19])('started at %i:17 Beijing time', (hour) => {
    const nowMs = Date.UTC(2026, 6, 12, hour - 8, 17);
    const day = measureDemoDay({
      seed,
      worldStartMs: simulatorWorldStart(nowMs, backfillMin),
      fromMs: nowMs,
      toMs: nowMs + 6 * HOUR,
      sites,
      redAtMs: nowMs,
    });
    const why = JSON.stringify(day);
    for (const site of day.sites) {
      expect(site.redShare, why).toBeLessThanOrEqual(0.25);
      expect(site.fullCycles, why).toBeGreaterThanOrEqual(1);
    }
    expect(day.twoOrMoreRedShare, why).toBeLessThanOrEqual(0.05);
    // Red from the start: the newcomer's first alarm.
    expect(day.sites[0]?.levelAtFrom, why).toBe(3);
  });
});
