import type { FastifyBaseLogger } from 'fastify';
import { type FlightsConfig, openskyUrl } from '../../../config-flights.js';
import type { Singleton } from '../../../db/singleton.js';
import { AppError } from '../../../lib/app-error.js';
import type { Metrics } from '../../../lib/metrics.js';
import { SourcePoller } from '../../../lib/source-poller.js';
import type { FlightsService } from './flights-service.js';
import { type SbsClient, startSbsClient } from './sbs-tcp-client.js';

/** A whole-world OpenSky answer is about 2 MB; a box is far less. */
export const OPENSKY_MAX_BYTES = 20 * 1024 * 1024;

export interface FlightSourceDeps {
  flights: Pick<FlightsService, 'ingest' | 'store'>;
  metrics: Pick<Metrics, 'polls'>;
  log: FastifyBaseLogger;
}

/**
 * The configured aircraft sources (an OpenSky poll, an SBS-1 stream), run by one node of the cluster (a leader
 * singleton, so two nodes do not store every report twice), into the same ingest an upload goes through. The
 * airports' flight alarms are the alarm evaluator's (modules/warnings/alarms/alarm-evaluator.ts).
 */
export function flightSources(config: FlightsConfig, d: FlightSourceDeps): Singleton {
  let poller: SourcePoller | null = null;
  let sbs: SbsClient | null = null;
  return {
    name: 'flight-sources',
    start: async () => {
      const o = config.opensky;
      if (o) {
        poller = new SourcePoller({
          name: 'opensky',
          url: openskyUrl(o),
          everyMs: o.everyMs,
          maxBytes: OPENSKY_MAX_BYTES,
          headers:
            o.username && o.password
              ? { authorization: `Basic ${Buffer.from(`${o.username}:${o.password}`).toString('base64')}` }
              : {},
          ingest: async (a) => {
            let body: unknown;
            try {
              body = JSON.parse(a.body.toString('utf8'));
            } catch {
              throw new AppError('validation.failed', 400, 'the answer is not valid JSON');
            }
            const result = await d.flights.ingest('poll:opensky', body);
            if (result.rejected.length > 0)
              d.log.warn(
                { source: 'opensky', rejected: result.rejected.slice(0, 5), count: result.rejected.length },
                'polled OpenSky state vectors refused',
              );
            return result;
          },
          log: d.log,
          onOutcome: (outcome) => d.metrics.polls.inc({ source: 'opensky', outcome }),
        });
        poller.start();
        d.log.info({ url: o.url, bbox: o.bbox }, 'polling OpenSky states');
      }
      if (config.sbs) sbs = startSbsClient({ flights: d.flights, log: d.log }, config.sbs);
    },
    stop: async () => {
      await poller?.stop();
      await sbs?.close();
      poller = null;
      sbs = null;
    },
  };
}
