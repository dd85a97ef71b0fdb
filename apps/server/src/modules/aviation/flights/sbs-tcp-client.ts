import { connect, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import type { AircraftPosition, FeedProblem } from '@thunderwatch/domain/aviation/aircraft-position';
import { SbsTracker } from '@thunderwatch/domain/aviation/sbs1';
import type { FastifyBaseLogger } from 'fastify';
import type { FlightsService } from './flights-service.js';

export interface SbsOptions {
  host: string;
  port: number;
  source: string;
  flushMs?: number;
  /** First wait before reconnecting; doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
}

export interface SbsClient {
  /** Resolves once the first connection is up (tests). */
  connected(): Promise<void>;
  close(): Promise<void>;
}

const MAX_BATCH = 5000;

/**
 * A client of an SBS-1 BaseStation stream (dump1090 serves one on port 30003): lines joined per aircraft,
 * positions batched every second into the store. A dropped or refused connection is retried with backoff
 * for as long as the client runs; bad lines are counted and logged, never fatal.
 */
export function startSbsClient(
  d: { flights: Pick<FlightsService, 'store'>; log: FastifyBaseLogger },
  o: SbsOptions,
): SbsClient {
  const flushMs = o.flushMs ?? 1000;
  const retryMs = o.retryMs ?? 1000;
  const maxRetryMs = o.maxRetryMs ?? 30_000;
  const tracker = new SbsTracker();
  let wait = retryMs;
  let socket: Socket | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let batch: AircraftPosition[] = [];
  let bad: FeedProblem[] = [];
  let badCount = 0;
  let lineNo = 0;
  let chain: Promise<void> = Promise.resolve();
  let onFirst: () => void = () => {};
  const first = new Promise<void>((resolve) => {
    onFirst = resolve;
  });

  const flush = () => {
    const rows = batch;
    batch = [];
    if (badCount > 0) {
      d.log.warn({ source: o.source, bad: bad.slice(0, 5) }, `SBS-1 stream: ${badCount} bad lines`);
      bad = [];
      badCount = 0;
    }
    tracker.prune(Date.now());
    if (rows.length === 0) return;
    chain = chain.then(async () => {
      try {
        await d.flights.store(o.source, rows);
      } catch (error) {
        d.log.warn({ err: error, source: o.source }, 'SBS-1 positions not stored');
      }
    });
  };
  const timer = setInterval(flush, flushMs);
  timer.unref();

  const open = () => {
    retry = null;
    if (closed) return;
    const s = connect({ host: o.host, port: o.port });
    socket = s;
    s.setKeepAlive(true, 30_000);
    s.on('connect', () => {
      wait = retryMs;
      d.log.info({ host: o.host, port: o.port }, 'SBS-1 stream connected');
      onFirst();
    });
    s.on('error', (error) => d.log.warn({ err: error, host: o.host, port: o.port }, 'SBS-1 stream error'));
    s.on('close', () => {
      socket = null;
      if (closed) return;
      retry = setTimeout(open, wait);
      wait = Math.min(wait * 2, maxRetryMs);
    });
    const reader = createInterface({ input: s, crlfDelay: Number.POSITIVE_INFINITY });
    reader.on('line', (line) => {
      const out = tracker.line(line, Date.now(), ++lineNo);
      if (out === null) return;
      if ('field' in out) {
        badCount++;
        if (bad.length < 5) bad.push(out);
        return;
      }
      batch.push(out);
      if (batch.length >= MAX_BATCH) flush();
    });
  };
  open();

  return {
    connected: () => first,
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      clearInterval(timer);
      socket?.destroy();
      flush();
      await chain;
    },
  };
}
