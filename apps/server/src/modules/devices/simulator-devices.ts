import {
  SIM_HEARTBEAT_EVERY_MS,
  SIM_STATION_MODEL,
  simHeartbeat,
  simStations,
} from '@thunderwatch/domain/devices/device-sim';
import type { FastifyBaseLogger } from 'fastify';
import { DEMO_LOCATIONS } from '../warnings/locations/demo-locations.js';
import type { DevicesRepo } from './devices-repo.js';
import type { DevicesService } from './devices-service.js';

/**
 * The demo world's detection stations (`device-sim` in the domain): registered to the demo group (the group
 * of its first site) and sending a heartbeat a minute through the same path as real ones
 * (`DevicesService.heartbeat`), so the device screen has stations, statuses and uptime for a newcomer.
 * Nothing is registered when the demo site is gone (or never seeded).
 */
export async function startDeviceSimulator(
  d: {
    repo: Pick<DevicesRepo, 'ensureStationsAt'>;
    devices: Pick<DevicesService, 'heartbeat'>;
    log: FastifyBaseLogger;
  },
  now: () => number = Date.now,
): Promise<() => void> {
  const site = DEMO_LOCATIONS[0];
  if (!site) return () => {};
  const stations = simStations(site.name);
  const present = new Set(await d.repo.ensureStationsAt(stations, SIM_STATION_MODEL, new Date(now())));
  const beating = stations.map((s, i) => ({ ...s, index: i })).filter((s) => present.has(s.id));
  if (beating.length === 0) return () => {};
  const beat = async () => {
    const t = now();
    for (const s of beating) {
      try {
        await d.devices.heartbeat({ device: s.id, ...simHeartbeat(s.index, t) });
      } catch (error) {
        d.log.warn({ err: error, device: s.id }, 'simulated heartbeat not stored');
      }
    }
  };
  let running = beat();
  const timer = setInterval(() => {
    running = running.then(beat);
  }, SIM_HEARTBEAT_EVERY_MS);
  timer.unref();
  d.log.info({ stations: beating.length }, 'device simulator sending station heartbeats');
  return () => clearInterval(timer);
}
