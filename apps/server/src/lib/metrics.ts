import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** What a scrape reads from the running parts; each is wired once the part exists. */
export interface MetricSources {
  engineLagMs?: () => number;
  /** Null on a standby node: only the engine's node knows the live levels. */
  levelCounts?: () => readonly number[] | null;
  outboxDepth?: () => Promise<{ channel: string; depth: number }[]>;
  socketClients?: () => number;
  pool?: () => { total: number; idle: number; waiting: number };
  heavyReads?: () => { running: number; waiting: number };
}

/**
 * The process's Prometheus metrics (docs/operations.md says what each means). One registry per app, not
 * prom-client's global one, so that tests can build several apps in one process.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly sources: MetricSources = {};

  readonly strokesIngested = new Counter({
    name: 'thunderwatch_strokes_ingested_total',
    help: 'Strokes stored by the ingest (duplicates not counted), by source',
    labelNames: ['source'],
    registers: [this.registry],
  });
  readonly ingestBatchSeconds = new Histogram({
    name: 'thunderwatch_ingest_batch_seconds',
    help: 'Time from a batch reaching the ingest to its acknowledgement (stored and committed)',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly alarms = new Counter({
    name: 'thunderwatch_alarms_total',
    help: 'Alarms raised (rises of a location level), by the level risen to',
    labelNames: ['level'],
    registers: [this.registry],
  });
  readonly deliveries = new Counter({
    name: 'thunderwatch_deliveries_total',
    help: 'Delivery attempts finished by the workers of this node, by channel and resulting status',
    labelNames: ['channel', 'status'],
    registers: [this.registry],
  });

  readonly polls = new Counter({
    name: 'thunderwatch_polls_total',
    help: 'Polls of weather sources by this node, by source and outcome (ingested, unchanged, refused, failed)',
    labelNames: ['source', 'outcome'],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 10 });
    const s = this.sources;
    new Gauge({
      name: 'thunderwatch_engine_lag_seconds',
      help: 'How long the oldest stroke batch handed to the warning engine has waited to be applied (0: caught up)',
      registers: [this.registry],
      collect() {
        this.set((s.engineLagMs?.() ?? 0) / 1000);
      },
    });
    new Gauge({
      name: 'thunderwatch_warnings',
      help: 'Watched locations by current warning level (0 clear, 1 yellow, 2 orange, 3 red)',
      labelNames: ['level'],
      registers: [this.registry],
      collect() {
        this.reset();
        const counts = s.levelCounts?.();
        if (!counts) return;
        for (let level = 0; level <= 3; level++) this.set({ level: String(level) }, counts[level] ?? 0);
      },
    });
    new Gauge({
      name: 'thunderwatch_outbox_depth',
      help: 'Deliveries waiting to be sent (pending or being sent), by channel',
      labelNames: ['channel'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const row of (await s.outboxDepth?.()) ?? []) this.set({ channel: row.channel }, row.depth);
      },
    });
    new Gauge({
      name: 'thunderwatch_socket_clients',
      help: 'Socket.io clients connected to this node',
      registers: [this.registry],
      collect() {
        this.set(s.socketClients?.() ?? 0);
      },
    });
    new Gauge({
      name: 'thunderwatch_db_pool_connections',
      help: 'Database connections of this node: total, idle, and callers waiting for one',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        const p = s.pool?.();
        if (!p) return;
        this.set({ state: 'total' }, p.total);
        this.set({ state: 'idle' }, p.idle);
        this.set({ state: 'waiting' }, p.waiting);
      },
    });
    new Gauge({
      name: 'thunderwatch_heavy_reads',
      help: 'Large reads (pages of strokes, density grids) being served and waiting for their turn',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        const r = s.heavyReads?.();
        if (!r) return;
        this.set({ state: 'running' }, r.running);
        this.set({ state: 'waiting' }, r.waiting);
      },
    });
  }

  /** Connects a source of a gauge (the engine, the outbox, the socket server, the pool). */
  source<K extends keyof MetricSources>(name: K, read: NonNullable<MetricSources[K]>): void {
    this.sources[name] = read;
  }
}
