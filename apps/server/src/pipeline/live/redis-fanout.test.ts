import type { AddressInfo } from 'node:net';
import type { AlarmDto } from '@thunderwatch/shared/schemas/warnings';
import type { CompactStroke } from '@thunderwatch/shared/strokes';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { freePort } from '../../test/server-process.js';
import { jsonStroke } from '../../test/strokes.js';

const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL)
  console.log('[tests] REDIS_URL is not set: the two-node socket fan-out test is skipped (CI sets it).');

const sockets: Socket[] = [];
async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}
async function client(url: string, token: string): Promise<Socket> {
  const s = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(s);
  await new Promise<void>((resolve) => s.once('connect', () => resolve()));
  await new Promise<void>((resolve) => s.emit('strokes:subscribe', () => resolve()));
  return s;
}
afterAll(() => {
  for (const s of sockets) s.close();
});

describe.runIf(REDIS_URL)('two nodes sharing socket events through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let onB: Socket;
  let key: string;
  beforeAll(async () => {
    const env = { REDIS_URL, REDIS_PREFIX: `tw-test-${process.pid}-${Date.now()}` };
    a = await startTestApp('embedded', { env });
    b = await startTestApp('embedded', { env, db: a.db });
    await listen(a);
    onB = await client(await listen(b), b.admin.access);
    key = await a.createFeed('fanout-net');
    // Both nodes' Redis clients are connected and subscribed before anything is emitted.
    for (const node of [a, b]) {
      for (let i = 0; i < 50; i++) {
        if ((await node.app.inject({ method: 'GET', url: '/readyz' })).json().redis === 'ok') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('brings strokes ingested on node A and the alarm they raise to a client of node B', async () => {
    const strokes = new Promise<CompactStroke[]>((resolve) => onB.once('strokes', resolve));
    const alarm = new Promise<AlarmDto>((resolve) => onB.once('alarm', resolve));
    // On the Dongguan substation of the demo group: its red ring rises on node A's engine.
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/ingest/strokes',
      headers: { 'x-feed-key': key },
      payload: [jsonStroke({ agoMs: 1000, lat: 23.02, lon: 113.75, peak_ka: -42.5 })],
    });
    expect(res.json().accepted).toBe(1);
    expect((await strokes).map((s) => s[4])).toEqual([-42.5]);
    expect(await alarm).toMatchObject({ level: 3, location_name: expect.stringContaining('Dongguan') });
  });
});

describe('a node whose Redis is unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('embedded', { env: { REDIS_URL: `redis://127.0.0.1:${await freePort()}` } });
  });
  afterAll(() => t.close());

  it('stays ready, says Redis is unreachable, and keeps serving its own clients', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', redis: 'unreachable' });
    const own = await client(await listen(t), t.admin.access);
    const key = await t.createFeed('alone-net');
    const strokes = new Promise<CompactStroke[]>((resolve) => own.once('strokes', resolve));
    await t.app.inject({
      method: 'POST',
      url: '/api/ingest/strokes',
      headers: { 'x-feed-key': key },
      payload: [jsonStroke({ agoMs: 1000, peak_ka: 7 })],
    });
    expect((await strokes).map((s) => s[4])).toEqual([7]);
  });
});
