import { simFieldKvm } from '@thunderwatch/domain/devices/efm-sim';
import { sitePoint } from '@thunderwatch/domain/geo/site-point';
import type { SimCell } from '@thunderwatch/domain/lightning/simulator';
import type { FastifyBaseLogger } from 'fastify';
import { SIMULATOR_SOURCE } from '../lightning/strokes/stroke-row.js';
import { DEMO_LOCATIONS } from '../warnings/locations/demo-locations.js';
import type { SensorIngest } from './sensor-ingest.js';
import type { SensorsRepo } from './sensors-repo.js';

/** The demo sites' field mills: one at each site, `sim-efm-1`…, registered to the site's group. */
export const SIM_MILLS = DEMO_LOCATIONS.map((l, i) => ({
  id: `sim-efm-${i + 1}`,
  locationName: l.name,
  ...sitePoint(l.shape),
}));

/**
 * Field mills of the demo world: each lightning tick, the field at each demo site under the simulator's
 * cells (`efm-sim` in the domain), through the same sensor ingest as real mills (source `simulator`). A mill
 * whose site is gone (or never seeded) is left out.
 */
export async function simulatorMills(d: {
  sensors: SensorsRepo;
  ingest: SensorIngest;
  log: FastifyBaseLogger;
}): Promise<(timeMs: number, cells: readonly SimCell[]) => Promise<void>> {
  const present = new Set(await d.sensors.ensureMillsAt(SIM_MILLS));
  const mills = SIM_MILLS.filter((m) => present.has(m.id));
  let lastSec = 0;
  return async (timeMs, cells) => {
    // One reading a second at most, on the whole second.
    const sec = Math.floor(timeMs / 1000) * 1000;
    if (sec <= lastSec || mills.length === 0) return;
    lastSec = sec;
    const time = new Date(sec).toISOString();
    try {
      await d.ingest.ingest(
        SIMULATOR_SOURCE,
        mills.map((m) => ({ sensor: m.id, time, values: { field: simFieldKvm(m, cells, sec) } })),
      );
    } catch (error) {
      d.log.warn({ err: error }, 'simulated field mills not ingested');
    }
  };
}
