// Cost of authentication on every API request: GET /api/user_data (token check + live-session lookup +
// handler) against the open GET /api/comp_info in the same process, on the embedded database and, when
// DATABASE_URL is set, on PostgreSQL. Also the cost of one password hash.
import { performance } from 'node:perf_hooks';
import { openEmbedded } from '../apps/server/dist/db/embedded.js';
import { hashPassword } from '../apps/server/dist/lib/passwords.js';
import { appOn, openPostgres, percentile, scratchPostgres } from './lib.mjs';

const SECONDS = 3;
const CONCURRENCY = 16;

async function measure(app, opts) {
  const latencies = [];
  const end = performance.now() + SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      const res = await app.inject(opts);
      if (res.statusCode !== 200) throw new Error(`${opts.url}: ${res.statusCode} ${res.body}`);
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  latencies.sort((a, b) => a - b);
  const p = (q) => percentile(latencies, q).toFixed(2);
  return { rps: Math.round(latencies.length / SECONDS), p50: p(0.5), p99: p(0.99) };
}

async function benchOn(kind, db) {
  const app = await appOn(db);
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: 'admin', password: 'Admin12345' },
  });
  const { access } = login.json();
  const open = await measure(app, { method: 'GET', url: '/api/comp_info' });
  const authed = await measure(app, {
    method: 'GET',
    url: '/api/user_data',
    headers: { authorization: `Bearer ${access}` },
  });
  console.log(`${kind}: open GET /api/comp_info   ${open.rps} req/s  p50 ${open.p50} ms  p99 ${open.p99} ms`);
  console.log(
    `${kind}: authed GET /api/user_data ${authed.rps} req/s  p50 ${authed.p50} ms  p99 ${authed.p99} ms`,
  );
  console.log(`${kind}: authenticated/open throughput ratio ${(authed.rps / open.rps).toFixed(2)}`);
  await app.close();
  await db.close();
}

export async function run() {
  const t0 = performance.now();
  for (let i = 0; i < 5; i++) await hashPassword('Passw0rd-bench');
  console.log(`scrypt password hash: ${((performance.now() - t0) / 5).toFixed(1)} ms each`);
  await benchOn('embedded', await openEmbedded({ dataDir: null }));
  const scratch = await scratchPostgres('tw_bench');
  if (!scratch) {
    console.log('postgres: skipped (DATABASE_URL not set)');
    return;
  }
  await benchOn('postgres', openPostgres(scratch.url));
  await scratch.drop();
}
