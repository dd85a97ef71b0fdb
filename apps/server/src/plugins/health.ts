import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.js';
import { pendingMigrations } from '../db/migrate.js';
import { AppError } from '../lib/app-error.js';
import type { Metrics } from '../lib/metrics.js';

/** How long the readiness probe waits for the database before it answers "unreachable". */
const DB_PROBE_MS = 2000;

export interface HealthDeps {
  db: Database;
  metrics: Metrics;
  metricsToken: string | null;
  /** This node's part in the cluster, and how far its warning engine is behind ingest. */
  engine: { role(): 'leader' | 'standby'; lagMs(): number };
  /** The cluster's event fan-out, when REDIS_URL is set. */
  redis?: { connected(): boolean } | null;
}

/**
 * Probes for load balancers and orchestrators, and the Prometheus scrape. They live outside `/api` and
 * its auth hook: `/healthz` and `/readyz` are open and carry no data, `/metrics` opens to the
 * `METRICS_TOKEN` bearer or to a caller on this machine.
 */
export function registerHealth(app: FastifyInstance, d: HealthDeps): void {
  const hidden = { schema: { hide: true } };
  app.get('/healthz', hidden, async () => ({ status: 'ok' as const }));

  app.get('/readyz', hidden, async (_req, reply) => {
    const database = await probe(d.db);
    const ready = database === 'ok';
    return reply.status(ready ? 200 : 503).send({
      status: ready ? 'ready' : 'not_ready',
      database,
      // Without Redis a node still serves its own clients: it stays ready and says what it lacks.
      ...(d.redis ? { redis: d.redis.connected() ? 'ok' : 'unreachable' } : {}),
      role: d.engine.role(),
      engine_lag_ms: Math.round(d.engine.lagMs()),
    });
  });

  app.get('/metrics', hidden, async (req, reply) => {
    if (!mayScrape(req, d.metricsToken)) {
      throw new AppError('permission.denied', 403, 'Metrics are open to METRICS_TOKEN or to this machine');
    }
    return reply.type(d.metrics.registry.contentType).send(await d.metrics.registry.metrics());
  });
}

/** 'ok', 'unreachable' (no answer in time, or an error) or 'migrations_pending'. */
async function probe(db: Database): Promise<'ok' | 'unreachable' | 'migrations_pending'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'unreachable'>((resolve) => {
    timer = setTimeout(() => resolve('unreachable'), DB_PROBE_MS);
  });
  const check = pendingMigrations(db).then(
    (pending) => (pending.length === 0 ? ('ok' as const) : ('migrations_pending' as const)),
    () => 'unreachable' as const,
  );
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function mayScrape(req: FastifyRequest, token: string | null): boolean {
  const header = req.headers.authorization;
  if (token && header?.startsWith('Bearer ')) {
    const given = Buffer.from(header.slice(7));
    const wanted = Buffer.from(token);
    if (given.length === wanted.length && timingSafeEqual(given, wanted)) return true;
  }
  return isLoopback(req.ip);
}

/** Behind a reverse proxy with TRUST_PROXY, `req.ip` is the client's address, not the proxy's. */
export function isLoopback(ip: string): boolean {
  return ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');
}
