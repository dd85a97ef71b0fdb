import { simTraffic } from '@thunderwatch/domain/aviation/flight-sim';
import type { FastifyBaseLogger } from 'fastify';
import { SIMULATOR_SOURCE } from '../../lightning/strokes/stroke-row.js';
import type { FlightsService } from './flights-service.js';

/** Reports every 5 s, as ADS-B receivers and OpenSky's paid tier deliver them. */
export const SIM_FLIGHT_EVERY_MS = 5000;
/** History generated at start, so tracks have a past to show. */
export const SIM_FLIGHT_BACKFILL_MS = 30 * 60_000;
const BATCH_TIMES = 60;

/**
 * The demo world's traffic at Baiyun (`flight-sim` in the domain) stored like any source, labelled
 * `simulator`: the positions of every 5-second mark since the last tick. Restarts regenerate the same positions
 * at the same marks, which the store upserts.
 */
export function startFlightSimulator(
  d: { flights: Pick<FlightsService, 'store'>; log: FastifyBaseLogger },
  options: { tickMs?: number } = {},
  now: () => number = Date.now,
): () => void {
  let stopped = false;
  let done = Math.floor((now() - SIM_FLIGHT_BACKFILL_MS) / SIM_FLIGHT_EVERY_MS) * SIM_FLIGHT_EVERY_MS;
  const tick = async () => {
    const target = now();
    const marks: number[] = [];
    for (let t = done + SIM_FLIGHT_EVERY_MS; t <= target; t += SIM_FLIGHT_EVERY_MS) marks.push(t);
    for (let i = 0; i < marks.length && !stopped; i += BATCH_TIMES) {
      try {
        await d.flights.store(SIMULATOR_SOURCE, marks.slice(i, i + BATCH_TIMES).flatMap(simTraffic));
      } catch (error) {
        d.log.warn({ err: error }, 'simulated flights not stored');
        return; // tried again from the same mark at the next tick
      }
      done = marks[Math.min(i + BATCH_TIMES, marks.length) - 1] as number;
    }
  };
  let running = tick();
  const timer = setInterval(() => {
    running = running.then(tick);
  }, options.tickMs ?? SIM_FLIGHT_EVERY_MS);
  d.log.info('flight simulator flying arrivals and departures at Baiyun');
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
