// Live push: with 200 socket.io clients connected, ingest 2,000 strokes/s and measure, per client and
// stroke, the time from the ingest's acknowledgement to the client's receipt. Target p99 < 500 ms.
// Baseline in the same run: the server's own batching interval (250 ms), which bounds the median.
// With REDIS_URL set it also measures one node with the Redis adapter (throughput ratio to the plain node
// ≥ 0.8) and two nodes sharing events through Redis, ingest round-robin and clients split across both.

import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { openEmbedded } from '../apps/server/dist/db/embedded.js';
import { STROKE_BATCH_MS } from '../apps/server/dist/pipeline/live/realtime.js';
import { appOn, cgStroke, openPostgres, percentile, scratchPostgres } from './lib.mjs';

const CLIENTS = 200;
const RATE = 2000;
const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 20);
const TICK_MS = 100;

export async function run() {
  const plain = await measure({ nodes: 1, redis: false });
  report('one node', plain);
  if (!process.env.REDIS_URL) {
    console.log('redis: skipped (REDIS_URL not set)');
    return;
  }
  const withRedis = await measure({ nodes: 1, redis: true });
  report('one node + Redis adapter', withRedis);
  const ratio = withRedis.perSecond / plain.perSecond;
  console.log(
    `Redis adapter/plain delivery throughput ratio ${ratio.toFixed(2)} (target ≥ 0.8: ${ratio >= 0.8 ? 'met' : 'NOT met'})`,
  );
  report('two nodes through Redis', await measure({ nodes: 2, redis: true }));
}

function report(label, r) {
  console.log(
    `${r.kind}, ${label}: ${CLIENTS} clients, ${RATE} strokes/s for ${SECONDS} s: ${r.delivered.toLocaleString('en')} of ${r.expected.toLocaleString('en')} deliveries (${Math.round(r.perSecond).toLocaleString('en')}/s); ack→receipt p50 ${r.p50.toFixed(0)} ms p99 ${r.p99.toFixed(0)} ms (target < 500: ${r.p99 < 500 ? 'met' : 'NOT met'}); batching interval ${STROKE_BATCH_MS} ms, p50/interval ${(r.p50 / STROKE_BATCH_MS).toFixed(2)}`,
  );
}

async function measure({ nodes, redis }) {
  const scratch = await scratchPostgres('tw_bench_live');
  const db = scratch ? openPostgres(scratch.url) : await openEmbedded({ dataDir: null });
  const env = redis ? { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `tw-bench-${process.pid}` } : {};
  const apps = [];
  for (let i = 0; i < nodes; i++) apps.push(await appOn(db, env));
  const urls = [];
  for (const app of apps) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    urls.push(`http://127.0.0.1:${app.server.address().port}`);
  }
  if (redis) await new Promise((r) => setTimeout(r, 500)); // the Redis clients connect and subscribe
  const login = await apps[0].inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: 'admin', password: 'Admin12345' },
  });
  const worker = new Worker(new URL('./live-clients.mjs', import.meta.url), {
    workerData: { urls, token: login.json().access, clients: CLIENTS },
  });
  await new Promise((resolve, reject) =>
    worker.on('message', (m) => (m.ready ? resolve() : m.error ? reject(new Error(m.error)) : null)),
  );

  const acked = new Map();
  let published = [];
  for (const app of apps) {
    app.services.bus.subscribe((rows) => {
      published = rows.map((r) => r.id);
    });
  }
  const clock = () => performance.timeOrigin + performance.now();
  const perTick = (RATE * TICK_MS) / 1000;
  let seq = 0;
  const started = clock();
  for (let tick = 0; tick < (SECONDS * 1000) / TICK_MS; tick++) {
    const batch = Array.from({ length: perTick }, () => {
      const k = seq++;
      return cgStroke(k, Date.now() - 1000, 18 + (k % 900) / 100, 105 + (k % 1500) / 100);
    });
    // Round-robin: each node ingests every other batch, as behind a load balancer.
    await apps[tick % apps.length].services.ingest.ingest('bench-live', batch);
    // The acknowledgement: ids are the database's, taken from the bus the ingest published them on.
    const t = clock();
    for (const id of published) acked.set(id, t);
    const wait = started + (tick + 1) * TICK_MS - clock();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  await new Promise((r) => setTimeout(r, 1500));
  worker.postMessage('report');
  const { receipts } = await new Promise((resolve) => worker.on('message', (m) => m.receipts && resolve(m)));
  await worker.terminate();
  const latencies = [];
  for (let i = 0; i < receipts.length; i += 2) {
    const ack = acked.get(receipts[i]);
    if (ack !== undefined) latencies.push(receipts[i + 1] - ack);
  }
  latencies.sort((a, b) => a - b);
  for (const app of apps) await app.close();
  await db.close();
  await scratch?.drop();
  return {
    kind: db.kind,
    delivered: latencies.length,
    expected: seq * CLIENTS,
    perSecond: latencies.length / SECONDS,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  };
}
