// The longest main-thread stall while one 10 MB stroke body is ingested over HTTP (app.inject, the embedded
// database): ADTD text, UALF 0/1 and a JSON array. Target: no stall over 200 ms; the parsers run in
// slices with a turn of the event loop between them, so a slice holds the loop for tens of milliseconds.
// The stall is the longest gap between two ticks of a 5 ms interval timer during the request (wall time: on a
// shared, loaded machine it includes time the process was not scheduled at all).
// Measured 2026-11-28 on 2 shared cores, load average 7–16: before (whole parse, one write) ADTD 2.2–3.0 s,
// UALF 1.6–4.9 s, JSON 3.3–4.9 s; after ADTD 0.5–0.85 s, UALF 0.1–0.6 s, JSON 0.3–1.2 s. Later the ADTD
// decode and the write batches were sliced too; 2026-11-29, idle machine: ADTD 66–177 ms, UALF 41–58 ms, JSON
// 93–112 ms (was 192–208 ms while Fastify JSON.parsed the whole body before the route; the route now parses
// the array a slice of records at a time).
import { performance } from 'node:perf_hooks';
import { openEmbedded } from '../apps/server/dist/db/embedded.js';
import { appOn, ualfBatch } from './lib.mjs';

const TEN_MB = 10 * 1024 * 1024 - 1024;

/** Whole lines of `line(k)` up to `limit` bytes. */
function body(line, limit) {
  const out = [];
  let size = 0;
  for (let k = 0; ; k++) {
    const l = line(k);
    if (size + Buffer.byteLength(l) + 1 > limit) break;
    out.push(l);
    size += Buffer.byteLength(l) + 1;
  }
  return out.join('\n');
}

function adtdLine(k, now) {
  const t = new Date(now - 6 * 3600_000 + ((k * 10_800) % (6 * 3600_000)) + 8 * 3600_000);
  const day = t.toISOString().slice(0, 10);
  const clock = t.toISOString().slice(11, 19);
  const frac = String((k * 7919) % 10_000_000).padStart(7, '0');
  const lat = (18 + ((k * 0.000731) % 9)).toFixed(4);
  const lon = (105 + ((k * 0.001377) % 15)).toFixed(4);
  return `${k} ${day} ${clock}.${frac} 纬度=${lat}  经度=${lon}  强度=-${(20 + (k % 90)).toFixed(1)} 陡度=-11.9  误差=0.0    定位方式：四站算法 省=广东省`;
}

async function stallOf(run) {
  let last = performance.now();
  let worst = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - 5);
    last = now;
  }, 5);
  const t0 = performance.now();
  const result = await run();
  const ms = performance.now() - t0;
  clearInterval(timer);
  worst = Math.max(worst, performance.now() - last - 5);
  return { result, ms, worst };
}

export async function run() {
  const db = await openEmbedded({ dataDir: null });
  const app = await appOn(db);
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: 'admin', password: 'Admin12345' },
  });
  const token = login.json().access;
  const feed = async (name) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/feeds/',
        headers: { authorization: `Bearer ${token}` },
        payload: { name },
      })
    ).json().key;
  const now = Date.now();
  const cases = [
    ['ADTD', 'adtd', 'text/plain; charset=utf-8', body((k) => adtdLine(k, now), TEN_MB)],
    ['UALF', 'ualf', 'text/plain', body((k) => ualfBatch(k, 1, now), TEN_MB)],
    [
      'JSON',
      'strokes',
      'application/json',
      (() => {
        const strokes = [];
        let size = 2;
        for (let k = 0; size < TEN_MB - 200; k++) {
          const t = new Date(now - 6 * 3600_000 + ((k * 10_800) % (6 * 3600_000)) + (k % 1000));
          const s = JSON.stringify({
            time: t.toISOString(),
            lat: 18 + ((k * 0.000731) % 9),
            lon: 105 + ((k * 0.001377) % 15),
            peak_ka: -20 - (k % 90),
            type: k % 4 ? 'IC' : 'CG',
          });
          strokes.push(s);
          size += s.length + 1;
        }
        return `[${strokes.join(',')}]`;
      })(),
    ],
  ];
  for (const [name, route, type, payload] of cases) {
    const key = await feed(`stall-${route}`);
    const { result, ms, worst } = await stallOf(() =>
      app.inject({
        method: 'POST',
        url: `/api/ingest/${route}`,
        headers: { 'x-feed-key': key, 'content-type': type },
        payload,
      }),
    );
    const r = result.json();
    console.log(
      `${name.padEnd(5)} ${(Buffer.byteLength(payload) / 1048576).toFixed(1)} MB: ${result.statusCode} accepted ${r.accepted} rejected ${r.rejected_total} in ${(ms / 1000).toFixed(1)} s; longest stall ${worst.toFixed(0)} ms (target ≤ 200)`,
    );
  }
  await app.close();
  await db.close();
}
