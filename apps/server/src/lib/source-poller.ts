import type { FastifyBaseLogger } from 'fastify';
import { AppError } from './app-error.js';
import { AnswerTooLarge, isTimeout, readCapped } from './http-read.js';

/** What one poll ended in. */
export type PollOutcome = 'ingested' | 'unchanged' | 'refused' | 'failed';

export interface PolledAnswer {
  body: Buffer;
  contentType: string;
  url: string;
}

export interface SourcePollerOptions {
  /** Names the source in logs, metrics and as the ingest's source (`poll:<name>`). */
  name: string;
  url: string;
  everyMs: number;
  timeoutMs?: number;
  maxBytes: number;
  /** Sent with every request (an `authorization` for a source that needs credentials). */
  headers?: Record<string, string>;
  /** Hands a changed answer to the same ingest an upload goes through; throws AppError to refuse it. */
  ingest: (answer: PolledAnswer) => Promise<unknown>;
  log: FastifyBaseLogger;
  onOutcome?: (outcome: PollOutcome) => void;
}

/**
 * Fetches one URL every `everyMs` and ingests what changed. Conditional requests (ETag, Last-Modified) let an
 * unchanged source answer 304, and an answer with the same bytes as the last one ingested is not ingested
 * again. A source that fails or sends something the ingest refuses is logged with the reason and tried
 * again at the next interval; nothing earlier is lost.
 */
export class SourcePoller {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private etag: string | null = null;
  private lastModified: string | null = null;
  private lastBody: Buffer | null = null;

  constructor(private readonly o: SourcePollerOptions) {}

  start(): void {
    if (this.timer) return;
    this.running = this.poll();
    this.timer = setInterval(() => {
      this.running = this.running.then(() => this.poll());
    }, this.o.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One poll; never throws. */
  async poll(): Promise<PollOutcome> {
    const outcome = await this.attempt();
    this.o.onOutcome?.(outcome);
    return outcome;
  }

  private async attempt(): Promise<PollOutcome> {
    const { name, url, log } = this.o;
    const host = new URL(url).host;
    const timeoutMs = this.o.timeoutMs ?? 30_000;
    let res: Response;
    try {
      res = await fetch(url, {
        headers: {
          ...this.o.headers,
          ...(this.etag ? { 'if-none-match': this.etag } : {}),
          ...(this.lastModified ? { 'if-modified-since': this.lastModified } : {}),
        },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      log.warn(
        { source: name, url },
        isTimeout(error) ? `${host} did not answer in time` : `${host} unreachable`,
      );
      return 'failed';
    }
    if (res.status === 304) return 'unchanged';
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      log.warn({ source: name, url, status: res.status }, `${host} answered HTTP ${res.status}`);
      return 'failed';
    }
    let body: Buffer;
    try {
      body = await readCapped(res, this.o.maxBytes, host);
    } catch (error) {
      log.warn({ source: name, url }, error instanceof AnswerTooLarge ? error.message : `${host} broke off`);
      return 'failed';
    }
    if (this.lastBody?.equals(body)) return 'unchanged';
    try {
      await this.o.ingest({ body, contentType: res.headers.get('content-type') ?? '', url });
    } catch (error) {
      if (!(error instanceof AppError)) {
        log.error({ err: error, source: name, url }, 'a polled answer could not be stored');
        return 'failed';
      }
      log.warn(
        { source: name, url, reason: error.message, details: error.details },
        'a polled answer was refused',
      );
      this.remember(res, body);
      return 'refused';
    }
    this.remember(res, body);
    return 'ingested';
  }

  private remember(res: Response, body: Buffer): void {
    this.etag = res.headers.get('etag');
    this.lastModified = res.headers.get('last-modified');
    this.lastBody = body;
  }
}
