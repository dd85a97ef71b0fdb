import type { AddressInfo } from 'node:net';
import type { AlarmDto } from '@thunderwatch/shared/schemas/warnings';
import type { CompactStroke } from '@thunderwatch/shared/strokes';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { freePort } from '../../test/server-process.js';
import { connected } from '../../test/sockets.js';
import { jsonStroke } from '../../test/strokes.js';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.js';

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
  await connected(s);
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
    a = await startTestApp('embedded', { env, background: ['warning-engine'] });
    b = await startTestApp('embedded', { env, db: a.db, background: ['warning-engine'] });
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
    expect(await alarm).toMatchObject({
      level: 3,
      location_name: expect.stringContaining('东莞'),
      location_name_en: expect.stringContaining('Dongguan'),
    });
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

describe.runIf(REDIS_URL)('two nodes while Redis goes away and comes back', () => {
  let proxy: TcpProxy;
  let a: TestApp;
  let b: TestApp;
  let onA: Socket;
  let onB: Socket;
  let key: string;
  const redisState = async (t: TestApp) =>
    (await t.app.inject({ method: 'GET', url: '/readyz' })).json().redis;
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 100));
  };
  beforeAll(async () => {
    const target = new URL(REDIS_URL as string);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    const env = {
      REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
      REDIS_PREFIX: `tw-test-cut-${process.pid}-${Date.now()}`,
    };
    a = await startTestApp('embedded', { env });
    b = await startTestApp('embedded', { env, db: a.db });
    onA = await client(await listen(a), a.admin.access);
    onB = await client(await listen(b), b.admin.access);
    key = await a.createFeed('cut-net');
    for (const node of [a, b]) await until(async () => (await redisState(node)) === 'ok');
  });
  afterAll(async () => {
    proxy.restore();
    await b.close();
    await a.close();
    await proxy.close();
  });

  const ingestOnA = (peakKa: number) =>
    a.app.inject({
      method: 'POST',
      url: '/api/ingest/strokes',
      headers: { 'x-feed-key': key },
      payload: [jsonStroke({ agoMs: 1000, lat: 40, lon: 90, peak_ka: peakKa })],
    });
  const heard = (s: Socket, peakKa: number, ms: number) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      const on = (batch: CompactStroke[]) => {
        if (!batch.some((x) => x[4] === peakKa)) return;
        clearTimeout(timer);
        s.off('strokes', on);
        resolve(true);
      };
      s.on('strokes', on);
    });

  it('keeps each node serving its own clients while Redis is away, and crosses nodes again once it returns', async () => {
    proxy.cut();
    await until(async () => (await redisState(a)) === 'unreachable');
    expect(await redisState(a)).toBe('unreachable');
    const ownWhileCut = heard(onA, 11, 3000);
    const otherWhileCut = heard(onB, 11, 1500);
    expect((await ingestOnA(11)).json().accepted).toBe(1);
    expect(await ownWhileCut).toBe(true);
    expect(await otherWhileCut).toBe(false);

    proxy.restore();
    for (const node of [a, b]) await until(async () => (await redisState(node)) === 'ok');
    expect(await redisState(b)).toBe('ok');
    // The subscriber re-subscribes after reconnecting: give the first event a few tries.
    let crossed = false;
    for (let i = 0; i < 10 && !crossed; i++) {
      const otherAfter = heard(onB, 20 + i, 1000);
      await ingestOnA(20 + i);
      crossed = await otherAfter;
    }
    expect(crossed).toBe(true);
  });
});
