import { createServer, type Server, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { MAX_RECORD_CHARS } from '@thunderwatch/domain/lightning/stroke';
import { parseUalf } from '@thunderwatch/domain/lightning/ualf';
import type { FastifyBaseLogger } from 'fastify';
import type { FeedsService } from '../../modules/lightning/feeds/feeds-service.js';
import type { IngestService } from '../ingest/ingest-service.js';

export interface UalfTcpOptions {
  port: number;
  host: string;
  /** Source of the strokes when the listener is trusted (no key line). */
  source: string;
  /** Without trust, a connection's first line must be `KEY <feed key>`; the feed's name is the source. */
  trusted: boolean;
  flushMs?: number;
}

const MAX_BATCH = 5000;

/**
 * A Vaisala-style UALF stream listener: one record per line, batched every 200 ms into the ingest.
 * Bad lines are counted and logged, never fatal; a batch the ingest refuses (overload) is retried.
 */
export async function startUalfTcpFeed(
  d: { ingest: IngestService; feeds: FeedsService; log: FastifyBaseLogger },
  options: UalfTcpOptions,
): Promise<{ server: Server; port: number; close(): Promise<void> }> {
  const flushMs = options.flushMs ?? 200;
  const sockets = new Set<Socket>();

  const serve = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let source: string | null = options.trusted ? options.source : null;
    let lines: string[] = [];
    let timer: NodeJS.Timeout | null = null;
    let chain: Promise<void> = Promise.resolve();

    const flush = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      const batch = lines;
      lines = [];
      if (batch.length === 0 || !source) return;
      const from = source;
      chain = chain.then(async () => {
        for (let attempt = 0; attempt < 5; attempt++) {
          try {
            const result = await d.ingest.ingest(from, parseUalf(batch.join('\n'), d.ingest.window()));
            if (result.rejected_total > 0) {
              d.log.warn(
                { source: from, rejected: result.rejected.slice(0, 5) },
                `UALF stream: ${result.rejected_total} bad lines`,
              );
            }
            return;
          } catch (error) {
            d.log.warn({ err: error, source: from }, 'UALF stream batch not ingested; retrying');
            await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
          }
        }
      });
    };

    const take = (line: string) => {
      lines.push(line);
      if (lines.length >= MAX_BATCH) flush();
      else timer ??= setTimeout(flush, flushMs);
    };
    // Lines that arrive while the key line is being checked (readline keeps emitting a chunk's lines).
    let waiting: string[] | null = null;
    const reader = createInterface({ input: socket, crlfDelay: Number.POSITIVE_INFINITY });
    reader.on('line', (line) => {
      if (line.length > MAX_RECORD_CHARS) return;
      if (source) return take(line);
      if (waiting) {
        waiting.push(line);
        return;
      }
      waiting = [];
      const key = /^KEY\s+(\S+)$/.exec(line.trim())?.[1];
      void d.feeds.authenticate(key).then((feed) => {
        if (!feed) {
          socket.end('ERROR feed.invalid_key\n');
          return;
        }
        source = feed.name;
        for (const l of waiting ?? []) take(l);
        waiting = null;
      });
    });
    reader.on('close', () => flush());
  };

  const server = createServer(serve);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  d.log.info({ host: options.host, port }, 'UALF TCP listener ready');
  return {
    server,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
