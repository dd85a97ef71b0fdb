import type { AddressInfo } from 'node:net';
import type { CompactStroke } from '@thunderwatch/shared/strokes';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { connected } from '../../test/sockets.js';
import { jsonStroke } from '../../test/strokes.js';

describe('live strokes over socket.io', () => {
  let t: TestApp;
  let url: string;
  let key: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await startTestApp('embedded');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    key = await t.createFeed('live-net');
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.close();
  });

  const open = (auth: object) => {
    const s = connect(url, { auth, transports: ['websocket'], reconnection: false });
    sockets.push(s);
    return s;
  };

  it('refuses a connection without a valid access token', async () => {
    for (const auth of [{}, { token: 'forged' }]) {
      const s = open(auth);
      const error = await new Promise<Error>((resolve) => s.once('connect_error', resolve));
      expect(error.message).toBe('auth.invalid_token');
    }
  });

  it('pushes ingested strokes in one batch to the sockets that asked, but not late ones', async () => {
    const s = open({ token: t.admin.access });
    const other = open({ token: t.admin.access });
    await connected(s);
    await connected(other);
    await new Promise<void>((resolve) => s.emit('strokes:subscribe', () => resolve()));
    let heardByOther = 0;
    other.on('strokes', () => heardByOther++);
    const received = new Promise<CompactStroke[]>((resolve) => s.once('strokes', resolve));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/strokes',
      headers: { 'x-feed-key': key },
      payload: [
        jsonStroke({ agoMs: 2000, peak_ka: -31.2 }),
        jsonStroke({ agoMs: 2500, peak_ka: 14 }),
        jsonStroke({ agoMs: 11 * 60_000, peak_ka: -5 }),
      ],
    });
    expect(res.json().accepted).toBe(3);
    // Compact strokes: [id, epoch ms, lat, lon, peak kA, IC, flash id, simulated].
    const batch = await received;
    expect(batch.map((b) => b[4]).sort()).toEqual([-31.2, 14]);
    expect(batch.map((b) => [b[2], b[3], b[5], b[7]])).toEqual([
      [23.1, 113.3, 0, 0],
      [23.1, 113.3, 0, 0],
    ]);
    expect(batch.every((b) => Number.isInteger(b[0]) && Math.abs(Date.now() - b[1]) < 60_000)).toBe(true);
    // A socket that never asked (a screen without a map) is not sent strokes.
    expect(heardByOther).toBe(0);
  });

  it('stops pushing strokes to a socket that unsubscribed', async () => {
    const s = open({ token: t.admin.access });
    await connected(s);
    await new Promise<void>((resolve) => s.emit('strokes:subscribe', () => resolve()));
    s.emit('strokes:unsubscribe');
    // A round trip after the unsubscribe: the server has handled it.
    await new Promise<void>((resolve) => s.emit('strokes:subscribe', () => resolve()));
    s.emit('strokes:unsubscribe');
    const watcher = open({ token: t.admin.access });
    await connected(watcher);
    await new Promise<void>((resolve) => watcher.emit('strokes:subscribe', () => resolve()));
    let heard = 0;
    s.on('strokes', () => heard++);
    const watched = new Promise((resolve) => watcher.once('strokes', resolve));
    await t.app.inject({
      method: 'POST',
      url: '/api/ingest/strokes',
      headers: { 'x-feed-key': key },
      payload: [jsonStroke({ agoMs: 1500, lat: 23.2 })],
    });
    await watched;
    expect(heard).toBe(0);
  });
});
