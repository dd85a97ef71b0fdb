import type { FastifyBaseLogger } from 'fastify';
import type { AccessLogRepo, NewAccessRecord } from './access-log-repo.js';

const MAX_BUFFER = 5_000;

/**
 * Buffers access records and writes them in batches (every second, or at 200 records), so logging
 * never costs a database round trip on the request path. Readers call flush() first.
 */
export class AccessLogWriter {
  private buffer: NewAccessRecord[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly repo: AccessLogRepo,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = 1000,
  ) {}

  add(record: NewAccessRecord): void {
    if (this.buffer.length >= MAX_BUFFER) {
      this.log.warn('access log buffer full; dropping a record');
      return;
    }
    this.buffer.push(record);
    if (this.buffer.length >= 200) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.intervalMs).unref();
  }

  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.buffer;
    this.buffer = [];
    this.writing = this.writing.then(async () => {
      try {
        await this.repo.insertMany(batch);
      } catch (error) {
        this.log.error({ err: error, records: batch.length }, 'could not write access log');
      }
    });
    return this.writing;
  }
}
