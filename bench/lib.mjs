// Shared helpers of the benchmarks: a scratch PostgreSQL database and a server built from dist/.
import { createServer } from 'node:net';
import pg from 'pg';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config.js';
import { migrate } from '../apps/server/dist/db/migrate.js';
import { openPostgres } from '../apps/server/dist/db/postgres.js';

/** A fresh database `name` next to DATABASE_URL's, dropped by the returned `drop()`. */
export async function scratchPostgres(name) {
  const url = process.env.DATABASE_URL;
  if (!url) return null;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export async function appOn(db, env = {}) {
  await migrate(db);
  const config = loadConfig({ ADMIN_PASSWORD: 'Admin12345', LOG_LEVEL: 'silent', WEB_DIST: '/none', ...env });
  return buildApp({ config, db, logger: false });
}

export { openPostgres };

export function percentile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** A parsed CG stroke of line `k` at `epochMs`, `lat`, `lon`: what a feed's parser hands the ingest. */
export function cgStroke(k, epochMs, lat, lon) {
  const t = Math.floor(epochMs);
  return {
    line: k,
    stroke: {
      epochMs: t,
      // Unique per line within the millisecond, which stays the time's.
      ns: (t % 1000) * 1e6 + (k % 1e6),
      lat,
      lon,
      peakKa: -20,
      type: 'CG',
      sensors: 6,
      multiplicity: null,
      majorKm: null,
      minorKm: null,
      ellipseDeg: null,
    },
  };
}

/** JSON over HTTP to a server process at `base`; throws on an answer that is not 2xx. */
export async function api(base, token, method, url, body, headers = {}) {
  const res = await fetch(base + url, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** A TCP port free on loopback right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Deterministic UALF lines spread over the 6 hours before `now` over South China (the ingest benchmarks' feed). */
export function ualfBatch(offset, n, now) {
  const lines = [];
  for (let i = 0; i < n; i++) {
    const k = offset + i;
    const t = new Date(now - 6 * 3600_000 + ((k * 10_800) % (6 * 3600_000)));
    const ns = (k * 7919) % 1_000_000_000;
    const lat = 18 + ((k * 0.000731) % 9);
    const lon = 105 + ((k * 0.001377) % 15);
    const ka = ((k % 7) - 5) * 7.3 + (k % 2 ? 0.5 : -0.5);
    lines.push(
      `0 ${t.getUTCFullYear()} ${t.getUTCMonth() + 1} ${t.getUTCDate()} ${t.getUTCHours()} ${t.getUTCMinutes()} ${t.getUTCSeconds()} ${ns} ${lat.toFixed(4)} ${lon.toFixed(4)} ${ka.toFixed(1)} 0 8 6 45.00 0.40 0.30 0.72 13.1 10.0 -0.0 ${k % 4 === 0 ? 0 : 1} 1 0 1`,
    );
  }
  return lines.join('\n');
}

/** Stores strokes (`{timeMs, lat, lon, peakKa, isIc}`) as source `bench`, 10,000 a statement, and says how long it took. */
export async function seedStrokes(db, strokes, label) {
  const t0 = performance.now();
  for (let off = 0; off < strokes.length; off += 10_000) {
    const part = strokes.slice(off, off + 10_000);
    await db.query(
      `INSERT INTO strokes (time, ns, lat, lon, peak_ka, is_ic, sensors, source)
       SELECT to_timestamp(t / 1000.0), (g * 7919) % 1000000, lat, lon, ka, ic, 6, 'bench'
       FROM unnest($1::float8[], $2::float8[], $3::float8[], $4::float8[], $5::bool[]) WITH ORDINALITY
         AS x(t, lat, lon, ka, ic, g)`,
      [
        part.map((s) => Math.floor(s.timeMs)),
        part.map((s) => s.lat),
        part.map((s) => s.lon),
        part.map((s) => s.peakKa),
        part.map((s) => s.isIc),
      ],
    );
  }
  console.log(
    `${label}: seeded ${strokes.length.toLocaleString('en')} strokes in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}

/** The authorization header of the bench app's administrator (`appOn`'s). */
export async function adminAuth(app) {
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: 'admin', password: 'Admin12345' },
  });
  return { authorization: `Bearer ${login.json().access}` };
}
