import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { Metrics } from '../lib/metrics.js';
import { DB_KINDS, startTestApp, type TestApp } from '../test/harness.js';
import { jsonStroke } from '../test/strokes.js';
import { registerErrorHandler } from './errors.js';
import { isLoopback, registerHealth } from './health.js';

const TOKEN = 'metrics-token-0123456789';

describe.each(DB_KINDS)('health probes and metrics (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { background: ['warning-engine'], env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  it('answers /healthz and /readyz without a token, with no data beyond the node state', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', role: 'leader', engine_lag_ms: 0 });
  });

  it('counts ingested strokes per source, alarms, warnings by level and the outbox in /metrics', async () => {
    const key = await t.createFeed('metrics-net');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/strokes',
      headers: { 'x-feed-key': key },
      payload: [jsonStroke(), jsonStroke({ lat: 23.2 }), { time: 'nonsense' }],
    });
    expect(res.json().accepted).toBe(2);
    await t.app.services.warningEngine.idle();
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toMatch(/^text\/plain/);
    const text = metrics.body;
    expect(text).toMatch(/^thunderwatch_strokes_ingested_total\{source="metrics-net"\} 2$/m);
    expect(text).toMatch(/^thunderwatch_ingest_batch_seconds_count 1$/m);
    expect(text).toMatch(/^thunderwatch_warnings\{level="0"\} \d+$/m);
    expect(text).toMatch(/^thunderwatch_engine_lag_seconds 0$/m);
    expect(text).toMatch(/^thunderwatch_socket_clients 0$/m);
    expect(text).toMatch(/^thunderwatch_db_pool_connections\{state="total"\} \d+$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
    expect(text).toContain('# TYPE thunderwatch_outbox_depth gauge');
  });

  it('opens /metrics to other hosts only with the METRICS_TOKEN bearer', async () => {
    const far = { method: 'GET' as const, url: '/metrics', remoteAddress: '203.0.113.9' };
    const refused = await t.app.inject(far);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('permission.denied');
    const wrong = await t.app.inject({
      ...far,
      headers: { authorization: 'Bearer metrics-token-0123456780' },
    });
    expect(wrong.statusCode).toBe(403);
    const right = await t.app.inject({ ...far, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.statusCode).toBe(200);
  });
});

describe('readiness without a database', () => {
  it('answers 503 naming the database when it cannot be reached', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    const down = { query: () => Promise.reject(new Error('connection refused')) } as unknown as Database;
    registerHealth(app, {
      db: down,
      metrics: new Metrics(),
      metricsToken: null,
      engine: { role: () => 'standby', lagMs: () => 1500 },
    });
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'not_ready',
      database: 'unreachable',
      role: 'standby',
      engine_lag_ms: 1500,
    });
    await app.close();
  });

  it.each([
    ['127.0.0.1', true],
    ['127.8.0.1', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['2001:db8::1', false],
  ])('%s is loopback: %s', (ip, loopback) => {
    expect(isLoopback(ip)).toBe(loopback);
  });
});
