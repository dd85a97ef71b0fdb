import type { FastifyBaseLogger } from 'fastify';
import type { PollerConfig } from '../../../config-pollers.js';
import type { Singleton } from '../../../db/singleton.js';
import { AppError } from '../../../lib/app-error.js';
import type { Metrics } from '../../../lib/metrics.js';
import { type PolledAnswer, SourcePoller } from '../../../lib/source-poller.js';
import type { ObservationsService } from '../observations/observations-service.js';
import type { TyphoonService } from '../typhoon/typhoon-service.js';
import type { WeatherWarningService } from '../warnings/weather-warning-service.js';
import type { WavesService } from '../waves/waves-service.js';

/** The largest answer a weather source may send (a day of a large network's observations as CSV fits). */
export const POLL_MAX_BYTES = 20 * 1024 * 1024;

export interface WeatherPollerDeps {
  typhoons: Pick<TyphoonService, 'ingest'>;
  observations: Pick<ObservationsService, 'ingest'>;
  waves: Pick<WavesService, 'ingest'>;
  weatherWarnings: Pick<WeatherWarningService, 'ingest'>;
  metrics: Pick<Metrics, 'polls'>;
  log: FastifyBaseLogger;
}

const text = (a: PolledAnswer) => a.body.toString('utf8');

/** JSON when the source says so or the text starts like JSON, otherwise the text (CSV, NDBC, ATCF, CMA). */
function jsonOrText(a: PolledAnswer): unknown {
  const t = text(a).replace(/^\uFEFF/, '');
  if (!/\bjson\b/i.test(a.contentType) && !/^\s*[[{]/.test(t)) return t;
  try {
    return JSON.parse(t);
  } catch {
    throw new AppError('validation.failed', 400, 'the answer is not valid JSON');
  }
}

/** An NDBC realtime2 file is named after its station (`…/realtime2/41002.txt`). */
function ndbcStation(url: string): string | undefined {
  return /\/([A-Za-z0-9_-]{1,40})\.txt$/i.exec(new URL(url).pathname)?.[1];
}

/**
 * The configured weather sources, polled by one node of the cluster (a leader singleton, so two nodes do not
 * ingest the same answer twice) into the same ingest an upload goes through, as source `poll:<kind>`.
 */
export function weatherPollers(config: readonly PollerConfig[], d: WeatherPollerDeps): Singleton {
  const ingestOf: Record<PollerConfig['kind'], (a: PolledAnswer, source: string) => Promise<unknown>> = {
    typhoon: (a, source) => d.typhoons.ingest(source, text(a), {}),
    observations: (a, source) => d.observations.ingest(source, jsonOrText(a)),
    waves: (a, source) => {
      const body = jsonOrText(a);
      return d.waves.ingest(source, body, typeof body === 'string' ? { station: ndbcStation(a.url) } : {});
    },
    // CAP alerts are refused one by one inside a feed; the answer says which, and the log names them.
    cap: async (a) => {
      const result = await d.weatherWarnings.ingest(null, a.body);
      const refused = result.alerts.filter((x) => x.outcome === 'refused');
      if (refused.length > 0)
        d.log.warn(
          { source: 'cap', refused: refused.map((x) => ({ id: x.identifier, reason: x.reason })) },
          'polled CAP alerts refused',
        );
      return result;
    },
  };
  let pollers: SourcePoller[] = [];
  return {
    name: 'weather-pollers',
    start: async () => {
      pollers = config.map(
        (c) =>
          new SourcePoller({
            name: c.kind,
            url: c.url,
            everyMs: c.everyMs,
            maxBytes: POLL_MAX_BYTES,
            ingest: (a) => ingestOf[c.kind](a, `poll:${c.kind}`),
            log: d.log,
            onOutcome: (outcome) => d.metrics.polls.inc({ source: c.kind, outcome }),
          }),
      );
      for (const p of pollers) p.start();
      if (pollers.length > 0) d.log.info({ sources: config.map((c) => c.kind) }, 'polling weather sources');
    },
    stop: async () => {
      await Promise.all(pollers.map((p) => p.stop()));
      pollers = [];
    },
  };
}
