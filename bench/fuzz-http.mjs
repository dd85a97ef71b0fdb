// The HTTP part of the fuzz bench: a real server process (embedded database, or PostgreSQL/Redis when
// DATABASE_URL/REDIS_URL are set), every route of its route table fuzzed with `runs` mutated requests
// (fuzz-http-targets.mjs), 4 at a time, as an administrator, a viewer and no one. Measures the 5xx answers
// (each distinct one printed with its smallest input), the server's longest event-loop stall (reported by
// fuzz-probe.mjs inside the server: the main thread's own CPU time within one delay, so that a crowded
// machine does not count as a stall; the wall-time delay is printed too) and its resident set after a GC at the start and at the end.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as fc from 'fast-check';
import { openEmbedded } from '../apps/server/dist/db/embedded.js';
import { fromSchema } from './fuzz-http-inputs.mjs';
import { fuzzableRoutes, fuzzTargets } from './fuzz-http-targets.mjs';
import { appOn, freePort } from './lib.mjs';

const PASSWORD = 'Fuzz-admin-2026';
const VIEWER = { username: 'fuzz-viewer', password: 'Fuzz-viewer-2026' };
const CONCURRENCY = 4;
const STALL_MS = 200;
/** Requests per route before the start is measured, as a share of the run's (see the warm-up below). */
const WARM_UP_SHARE = 0.25;
const MB = 1024 * 1024;

/** The server's route table with schemas, read from an app built in this process on a throwaway database. */
export async function routeTable() {
  const db = await openEmbedded({ dataDir: null });
  const app = await appOn(db, { SIMULATOR: 'off' });
  await app.ready();
  const table = app.routeTable.map((r) => ({ method: r.method, url: r.url, schema: r.schema }));
  await app.close();
  await db.close();
  return table;
}

function startServer(env, dataDir, port) {
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', path.join(import.meta.dirname, 'fuzz-probe.mjs'), 'apps/server/dist/main.js'],
    {
      env: {
        ...process.env,
        DATABASE_URL: '',
        REDIS_URL: '',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        ADMIN_PASSWORD: PASSWORD,
        LOG_LEVEL: 'error',
        WEB_DIST: '/nonexistent',
        SIMULATOR: 'off',
        REPORT_CHROMIUM_PATH: '',
        // Sessions that outlive the run, so that answers stay about the input and not an expired token.
        ACCESS_TOKEN_TTL_SEC: '86400',
        NOTIFY_WORKER: 'off',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  let stderr = '';
  // The message of the server's latest logged error (pino JSON on stdout): the cause of a 500.
  let lastError = '';
  let pending = '';
  child.stdout.on('data', (d) => {
    const lines = (pending + d).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const m = /"err":\{"type":"(\w+)","message":"((?:[^"\\]|\\.){0,200})/.exec(line);
      if (m) lastError = `${m[1]}: ${m[2]}`;
    }
  });
  child.stderr.on('data', (d) => {
    stderr = (stderr + d).slice(-4000);
  });
  child.on('error', () => {}); // a send to an exited server: its exit is reported with its stderr
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGKILL')
      console.log(`  the server exited: code ${code}, signal ${signal}; stderr:\n${stderr}`);
  });
  const waiting = new Map();
  child.on('message', (m) => waiting.get(m.probe)?.(m));
  const ask = (probe) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the server did not answer the ${probe} probe`)),
        30_000,
      );
      waiting.set(probe, (m) => {
        clearTimeout(timer);
        resolve(m);
      });
      if (!child.connected)
        reject(new Error(`the server has exited (${child.exitCode ?? child.signalCode})`));
      else child.send({ probe }, (error) => error && reject(error));
    });
  return { child, ask, stderr: () => stderr, lastError: () => lastError };
}

async function call(base, method, url, { token, body, headers = {} } = {}) {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, json, text };
}

/** Users, a feed, a sensor, a device and one of each thing a route takes an `:id` of, for the fuzz to aim at. */
async function prepare(base, table) {
  const login = async (username, password) =>
    (await call(base, 'POST', '/api/login', { body: { username, password } })).json?.access;
  const tokens = { admin: await login('admin', PASSWORD) };
  if (!tokens.admin) throw new Error('cannot log in as the administrator');
  const admin = (method, url, body) => call(base, method, url, { token: tokens.admin, body });
  const me = (await admin('GET', '/api/user_data')).json;
  let viewer = await admin('POST', '/api/group_user_list/', {
    ...VIEWER,
    role: 'viewer',
    group_id: me?.group_id ?? me?.group?.id ?? 1,
  });
  if (viewer.status >= 300)
    viewer = await admin('POST', '/api/group_user_list/', { ...VIEWER, role: 'viewer' });
  tokens.viewer = await login(VIEWER.username, VIEWER.password);
  if (!tokens.viewer)
    throw new Error(`cannot make the viewer: ${viewer.status} ${viewer.text.slice(0, 300)}`);
  const feed = (await admin('POST', '/api/feeds/', { name: 'fuzz' })).json;
  await admin('POST', '/api/sensors/', {
    id: 'fuzz-efm',
    kind: 'efm',
    name: 'Fuzz EFM',
    lat: 22.5,
    lon: 113.5,
  });
  await admin('POST', '/api/devices/', {
    id: 'fuzz-dev',
    name: 'Fuzz device',
    kind: 'station',
    lat: 22.5,
    lon: 113.5,
  });
  const ids = new Map([
    ['/api/sensors', ['fuzz-efm']],
    ['/api/devices', ['fuzz-dev']],
    ['/api/feeds', [String(feed.id)]],
    ['/api/group_user_list', [String(viewer.json?.id ?? 2)]],
  ]);
  const explicit = {
    '/api/locations': { name: 'Fuzz site', shape: { type: 'Point', coordinates: [113.3, 23.1] } },
  };
  // One of each collection a route takes an id of: a schema-valid body, tried until one is accepted.
  for (const r of table.filter((x) => x.url.includes('/:id'))) {
    const baseUrl = r.url.split('/:')[0];
    if (ids.has(baseUrl)) continue;
    const create = table.find((x) => x.method === 'POST' && (x.url === baseUrl || x.url === `${baseUrl}/`));
    if (!create?.schema?.body) {
      ids.set(baseUrl, []);
      continue;
    }
    const tries = [
      explicit[baseUrl],
      ...fc.sample(fromSchema(fc, create.schema.body), { numRuns: 30, seed: 7 }),
    ].filter(Boolean);
    for (const body of tries) {
      const res = await admin('POST', create.url, body);
      if (res.status < 300 && res.json?.id !== undefined) {
        ids.set(baseUrl, [String(res.json.id)]);
        break;
      }
    }
    if (!ids.has(baseUrl)) ids.set(baseUrl, []);
  }
  const users = [String(me?.id ?? 1), String(viewer.json?.id ?? 2)];
  const ctx = {
    feedKey: feed.key,
    sensorId: 'fuzz-efm',
    deviceId: 'fuzz-dev',
    token: (role) => tokens[role],
    pathIds: (url, name) => {
      const own = ids.get(url.split('/:')[0]) ?? [];
      return own.length && name === 'id' ? own : ['1'];
    },
    guardPath: (url, value) =>
      (url.startsWith('/api/group_user_list/') && users.includes(value)) ||
      (url.startsWith('/api/feeds/') && value === String(feed.id))
        ? '999999'
        : value,
    guardBody: (url, body) =>
      url === '/api/change_role' || url === '/api/admin/reset_password'
        ? body.replace(/("user_id"\s*:\s*)(\d+)/g, (m, k, v) => (users.includes(v) ? `${k}999999` : m))
        : body,
    /** Logs in again where a session was lost (the fuzz may sign its viewer out through a route). */
    async relogin() {
      for (const [role, u, p] of [
        ['admin', 'admin', PASSWORD],
        ['viewer', VIEWER.username, VIEWER.password],
      ]) {
        const ok = (await call(base, 'GET', '/api/user_data', { token: tokens[role] })).status === 200;
        if (!ok) tokens[role] = (await login(u, p)) ?? tokens[role];
      }
    },
    made: ids,
  };
  return ctx;
}

async function fire(base, r) {
  const started = performance.now();
  try {
    const res = await fetch(base + r.url, {
      method: r.method,
      headers: r.headers,
      body: r.body ?? undefined,
      signal: AbortSignal.timeout(120_000),
    });
    const text = await res.text();
    return { status: res.status, text, ms: performance.now() - started };
  } catch (error) {
    const code = String(error?.cause?.code ?? error?.name ?? error);
    // A body over the route's limit is answered 413 at once and the connection closed while the client is
    // still sending: fetch then reports EPIPE or a reset, not the answer. Ask again with the headers alone
    // (the same Content-Length) and take the status the server gives before any body byte.
    const length = typeof r.body === 'string' ? Buffer.byteLength(r.body) : (r.body?.length ?? 0);
    if ((code === 'EPIPE' || code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') && length > 0) {
      const status = await statusOfHeadersAlone(base, r, length);
      if (status === 413)
        return { status, text: `413 before the body (${length} bytes)`, ms: performance.now() - started };
    }
    return { status: 0, text: code, ms: performance.now() - started };
  }
}

/** The status line's code for a request sent as its headers only, declaring `length` body bytes; 0 if none. */
function statusOfHeadersAlone(base, r, length) {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let head = '';
    const done = (status) => {
      socket.destroy();
      resolve(status);
    };
    socket.setTimeout(10_000, () => done(0));
    socket.on('error', () => done(0));
    socket.on('data', (chunk) => {
      head += chunk.toString('latin1');
      const m = /^HTTP\/1\.1 (\d{3})/.exec(head);
      if (m) done(Number(m[1]));
    });
    const headers = Object.entries(r.headers ?? {})
      .filter(([k]) => k.toLowerCase() !== 'content-length')
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    socket.write(
      `${r.method} ${r.url} HTTP/1.1\r\nhost: ${hostname}:${port}\r\n${headers}content-length: ${length}\r\n\r\n`,
    );
  });
}

const size = (r) => r.url.length + (r.body?.length ?? 0);
const shown = (r) => {
  const body =
    r.body === null
      ? ''
      : Buffer.isBuffer(r.body)
        ? `<${r.body.length} bytes>`
        : JSON.stringify(r.body.length > 300 ? `${r.body.slice(0, 300)}…(${r.body.length} chars)` : r.body);
  return `${r.method} ${r.url.length > 300 ? `${r.url.slice(0, 300)}…` : r.url} [${r.role}${r.headers['content-type'] ? `, ${r.headers['content-type']}` : ''}] ${body}`;
};

/** Runs the fuzz against one server; returns {ok, lines} and prints as it goes. */
export async function fuzzServer(label, table, env, runs, routeRuns) {
  console.log(`### HTTP fuzz, ${label}`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tw-bench-fuzz-'));
  const port = await freePort();
  const server = startServer(env, dir, port);
  const base = `http://127.0.0.1:${port}`;
  const rss = async () =>
    Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${server.child.pid}/status`, 'utf8'))[1]) * 1024;
  let failed = false;
  try {
    for (let i = 0; ; i++) {
      if (i > 1200 || server.child.exitCode !== null)
        throw new Error(`the server did not become ready: ${server.stderr()}`);
      if (
        await fetch(`${base}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const ctx = await prepare(base, table);
    const only = process.env.FUZZ_ROUTES ? new RegExp(process.env.FUZZ_ROUTES) : null;
    const targets = fuzzTargets(fc, fuzzableRoutes(table), ctx)
      .filter((t) => !only || only.test(t.key))
      .sort((a, b) => (a.route.method === 'DELETE') - (b.route.method === 'DELETE'));
    // A warm-up of a quarter of each route's cases (other inputs, 4 at a time as in the run), so the start is
    // measured once every module is loaded and every worker thread started: measured after one request per
    // route, the start was 314 MB on PostgreSQL and the end 492 MB after 83,780 requests, but 468 MB after
    // 278,380 — a level the process reaches (worker threads' heaps, the allocator's per-thread arenas), not
    // memory that grows with the requests.
    const cold = await server.ask('gc');
    for (const t of targets) {
      const n = t.kind === 'ingest' ? runs : t.kind === 'fixed' ? 20 : routeRuns;
      const warm = fc.sample(t.requests, { numRuns: Math.ceil(n * WARM_UP_SHARE), seed: 2 });
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          for (let r = warm.pop(); r; r = warm.pop()) await fire(base, r);
        }),
      );
    }
    const start = await server.ask('gc');
    await server.ask('lag');
    console.log(
      `server RSS after a GC: ${(cold.rss / MB).toFixed(0)} MB before the warm-up, ${(start.rss / MB).toFixed(0)} MB after it (the start); made ${[
        ...ctx.made,
      ]
        .filter(([, v]) => v.length)
        .map(([k]) => k)
        .join(', ')}`,
    );
    const bugs = new Map();
    const documented = new Set();
    let worstStall = { ms: 0, target: '' };
    let worstWall = { ms: 0, target: '' };
    let total = 0;
    let peak = start.rss;
    const began = performance.now();
    for (const t of targets) {
      await ctx.relogin();
      const n =
        t.kind === 'ingest' ? runs : t.kind === 'fixed' ? Math.max(20, Math.ceil(routeRuns / 50)) : routeRuns;
      const counts = {};
      let slowest = 0;
      let done = 0;
      const seed = 20261128 ^ [...t.key].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 0);
      let batch = [];
      let batchNo = 0;
      const next = () => {
        if (batch.length === 0)
          batch = fc.sample(t.requests, { numRuns: Math.min(200, n - done), seed: seed + batchNo++ });
        done++;
        return batch.pop();
      };
      let lagMax = 0;
      let blockedMax = 0;
      const lagTimer = setInterval(() => {
        server.ask('lag').then(
          (m) => {
            lagMax = Math.max(lagMax, m.maxMs);
            blockedMax = Math.max(blockedMax, m.blockedMs);
          },
          () => {},
        );
        rss().then(
          (r) => {
            peak = Math.max(peak, r);
          },
          () => {},
        );
      }, 1000);
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (done < n) {
            const r = next();
            const res = await fire(base, r);
            slowest = Math.max(slowest, res.ms);
            const cls = res.status === 0 ? 'error' : `${Math.floor(res.status / 100)}xx`;
            counts[res.status === 429 ? '429' : cls] = (counts[res.status === 429 ? '429' : cls] ?? 0) + 1;
            let code = '';
            if (res.status >= 500) {
              try {
                code = JSON.parse(res.text).error?.code ?? '';
              } catch {}
            }
            // A feature this server is not configured for (WeChat, SMS…) answers a documented 503.
            if (res.status === 503 && code.endsWith('.not_configured'))
              documented.add(`${t.key} → 503 ${code}`);
            else if (res.status >= 500 || res.status === 0) {
              const id = `${t.key} → ${res.status} ${code} ${code ? '' : res.text.slice(0, 80)}`;
              const seen = bugs.get(id);
              if (!seen) {
                const bug = { count: 1, request: r, answer: res.text.slice(0, 300), cause: '' };
                bugs.set(id, bug);
                // The server logs the error on stdout, which may arrive after the answer: read it a moment later.
                await new Promise((resolve) => setTimeout(resolve, 200));
                bug.cause = server.lastError();
              } else {
                seen.count++;
                if (size(r) < size(seen.request))
                  Object.assign(seen, { request: r, answer: res.text.slice(0, 300) });
              }
            }
          }
        }),
      );
      clearInterval(lagTimer);
      const last = await server.ask('lag');
      lagMax = Math.max(lagMax, last.maxMs);
      blockedMax = Math.max(blockedMax, last.blockedMs);
      if (blockedMax > worstStall.ms) worstStall = { ms: blockedMax, target: t.key };
      if (lagMax > worstWall.ms) worstWall = { ms: lagMax, target: t.key };
      total += n;
      const sec = (performance.now() - t0) / 1000;
      console.log(
        `${t.kind.padEnd(6)} ${t.key.padEnd(52)} ${String(n).padStart(6)} cases ${sec.toFixed(1).padStart(6)} s  stall ${blockedMax.toFixed(0).padStart(5)} ms (wall ${lagMax.toFixed(0).padStart(5)} ms)  slowest ${(slowest / 1000).toFixed(1)} s  ${JSON.stringify(counts)}`,
      );
      if (server.child.exitCode !== null)
        throw new Error(`the server exited (${server.child.exitCode}): ${server.stderr()}`);
    }
    await new Promise((r) => setTimeout(r, 5000));
    const end = await server.ask('gc');
    const growth = (end.rss - start.rss) / start.rss;
    // The process's own memory: its resident set outside the WebAssembly memories (see fuzz-probe.mjs).
    const own = (m) => m.rss - m.wasmRss;
    const ownGrowth = (own(end) - own(start)) / own(start);
    console.log(
      `${total} requests to ${targets.length} routes in ${((performance.now() - began) / 60_000).toFixed(1)} min`,
    );
    console.log(`documented 503s (not configured here): ${[...documented].join('; ') || 'none'}`);
    console.log(`distinct 5xx: ${bugs.size}`);
    for (const [id, b] of bugs)
      console.log(
        `  5XX ${id} (×${b.count})\n      smallest input: ${shown(b.request)}\n      answer: ${b.answer}\n      server log (first seen): ${b.cause}`,
      );
    console.log(
      `longest event-loop stall of the server: ${worstStall.ms.toFixed(0)} ms of the main thread's own work (${worstStall.target}); limit ${STALL_MS} ms; ` +
        `longest event-loop delay in wall time, waiting for a core included: ${worstWall.ms.toFixed(0)} ms (${worstWall.target})`,
    );
    console.log(
      `server RSS after a GC: ${(start.rss / MB).toFixed(0)} MB at the start, ${(end.rss / MB).toFixed(0)} MB at the end (${(growth * 100).toFixed(1)} %), peak ${(peak / MB).toFixed(0)} MB; ` +
        `outside WebAssembly memories ${(own(start) / MB).toFixed(0)} → ${(own(end) / MB).toFixed(0)} MB (${(ownGrowth * 100).toFixed(1)} %; limit +10 %); ` +
        `in ${end.wasmMemories} WebAssembly memories (the embedded database's heap, a radar decoder's) ${(start.wasmRss / MB).toFixed(0)} → ${(end.wasmRss / MB).toFixed(0)} MB; ` +
        `the main thread's JavaScript heap ${(start.heap / MB).toFixed(0)} → ${(end.heap / MB).toFixed(0)} MB, its external memory ${(start.external / MB).toFixed(0)} → ${(end.external / MB).toFixed(0)} MB`,
    );
    failed = bugs.size > 0 || worstStall.ms > STALL_MS || ownGrowth > 0.1;
  } finally {
    server.child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  }
  return !failed;
}
