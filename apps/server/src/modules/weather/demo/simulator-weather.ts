import {
  SIM_BUOYS,
  SIM_TYPHOON_STEP_MS,
  SIM_WEATHER_STATIONS,
  simObservation,
  simTyphoonAtcf,
  simWaveReading,
} from '@thunderwatch/domain/weather/weather-sim';
import type { FastifyBaseLogger } from 'fastify';
import { SIMULATOR_SOURCE } from '../../lightning/strokes/stroke-row.js';
import type { ObservationsService } from '../observations/observations-service.js';
import type { TyphoonService } from '../typhoon/typhoon-service.js';
import type { WavesService } from '../waves/waves-service.js';

const MIN_MS = 60_000;
/** Stations report every 10 minutes, buoys every 30 (NDBC's realtime2 cadence), the typhoon every 6 hours. */
export const SIM_STATION_EVERY_MS = 10 * MIN_MS;
export const SIM_BUOY_EVERY_MS = 30 * MIN_MS;
/** History generated at start, so the charts have a day to show. */
export const SIM_WEATHER_BACKFILL_MS = 24 * 60 * MIN_MS;
/** At most this many reports go into one ingest call (the backfill is sliced). */
const BATCH_TIMES = 12;

export interface WeatherSimulatorDeps {
  typhoons: Pick<TyphoonService, 'ingest'>;
  observations: Pick<ObservationsService, 'ingest'>;
  waves: Pick<WavesService, 'ingest'>;
  log: FastifyBaseLogger;
}

/** The marks of `everyMs` in (after, upTo]. */
function marks(after: number, upTo: number, everyMs: number): number[] {
  const out: number[] = [];
  for (let t = Math.floor(after / everyMs) * everyMs + everyMs; t <= upTo; t += everyMs) out.push(t);
  return out;
}

/**
 * The demo world's weather (see `weather-sim` in the domain), fed through the same ingest as real sources,
 * labelled `simulator`: the typhoon as an ATCF deck whenever a 6-hourly position falls due, the stations'
 * observations every 10 minutes and the buoys' waves every 30. Restarts regenerate the same readings, which the
 * ingest upserts.
 */
export function startWeatherSimulator(
  d: WeatherSimulatorDeps,
  options: { tickMs?: number } = {},
  now: () => number = Date.now,
): () => void {
  let stopped = false;
  let done = now() - SIM_WEATHER_BACKFILL_MS;
  let typhoonDone = Number.NEGATIVE_INFINITY;

  const guarded = async (what: string, work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      d.log.warn({ err: error, what }, 'simulated weather not ingested');
    }
  };

  const tick = async () => {
    const target = now();
    const stationTimes = marks(done, target, SIM_STATION_EVERY_MS);
    for (let i = 0; i < stationTimes.length && !stopped; i += BATCH_TIMES) {
      const times = stationTimes.slice(i, i + BATCH_TIMES);
      await guarded('observations', () =>
        d.observations.ingest(
          SIMULATOR_SOURCE,
          times.flatMap((t) => SIM_WEATHER_STATIONS.map((s) => simObservation(s, t))),
        ),
      );
    }
    const buoyTimes = marks(done, target, SIM_BUOY_EVERY_MS);
    if (buoyTimes.length > 0 && !stopped)
      await guarded('waves', () =>
        d.waves.ingest(
          SIMULATOR_SOURCE,
          buoyTimes.flatMap((t) => SIM_BUOYS.map((b) => simWaveReading(b, t))),
          {},
        ),
      );
    const synoptic = Math.floor(target / SIM_TYPHOON_STEP_MS) * SIM_TYPHOON_STEP_MS;
    if (synoptic > typhoonDone && !stopped) {
      await guarded('typhoon', () =>
        d.typhoons.ingest(SIMULATOR_SOURCE, simTyphoonAtcf(target), { name_zh: '演示' }),
      );
      typhoonDone = synoptic;
    }
    done = target;
  };

  let running = tick();
  const timer = setInterval(() => {
    running = running.then(tick);
  }, options.tickMs ?? MIN_MS);
  d.log.info('weather simulator feeding a demo typhoon, station winds and waves');
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
