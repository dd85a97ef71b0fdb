import type { AddressInfo, Socket as NetSocket } from 'node:net';
import Fastify from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../lib/access.js';
import type { StrokeRow } from '../../modules/lightning/strokes/stroke-row.js';
import { connected } from '../../test/sockets.js';
import { StrokeBus } from '../stroke-bus.js';
import { type RealtimeServer, registerRealtime, unsentPackets } from './realtime.js';

const USER: AuthUser = { id: 1, username: 'u', groupId: 1, role: 'viewer', sessionId: 's' };

/** A batch of `n` strokes (about 60 bytes each on the wire). */
function rows(n: number, from: number): StrokeRow[] {
  return Array.from({ length: n }, (_, i) => ({
    id: from + i,
    time: new Date(),
    ns: 0,
    lat: 23 + i / n,
    lon: 113,
    peak_ka: -12.3,
    is_ic: false,
    sensors: 5,
    multiplicity: 1,
    flash_id: from + i,
    source: 'test',
  }));
}

describe('a socket client that stops reading', () => {
  const app = Fastify();
  const bus = new StrokeBus();
  let io: RealtimeServer;
  let url: string;
  const clients: Socket[] = [];
  let stalledTcp: NetSocket | undefined;
  beforeAll(async () => {
    io = registerRealtime(app, {
      auth: { callerOf: async () => USER },
      bus,
      batchMs: 5,
      maxUnsentPackets: 5,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    // Its connection is still open at the TCP level: the server would wait for its close handshake.
    stalledTcp?.destroy();
    for (const c of clients) c.close();
    await app.close();
  });

  const open = async () => {
    const c = connect(url, { auth: { token: 't' }, transports: ['websocket'], reconnection: false });
    clients.push(c);
    await connected(c);
    await new Promise<void>((resolve) => c.emit('strokes:subscribe', () => resolve()));
    return c;
  };

  it('is cut off once its unsent packets pass the limit, while a reading client gets every batch', async () => {
    const reader = await open();
    const stalled = await open();
    let heard = 0;
    reader.on('strokes', (batch: unknown[]) => {
      heard += batch.length;
    });
    // The stalled client's TCP socket stops reading: the kernel's buffers fill, then the server's.
    const tcp = (stalled.io.engine.transport as unknown as { ws: { _socket: NetSocket } }).ws._socket;
    tcp.pause();
    stalledTcp = tcp;
    const serverSide = () => [...io.sockets.sockets.values()].find((s) => s.id === stalled.id);
    let sent = 0;
    let largest = 0;
    for (let round = 0; round < 200 && serverSide(); round++) {
      bus.publish(rows(20_000, sent));
      sent += 20_000;
      await new Promise((resolve) => setTimeout(resolve, 15));
      const s = serverSide();
      if (s) largest = Math.max(largest, unsentPackets(s.conn));
    }
    expect(serverSide()).toBeUndefined();
    // It was cut off on the flush after it passed the limit: the server never held more for it.
    expect(largest).toBeLessThanOrEqual(6);
    await expect.poll(() => heard, { timeout: 10_000 }).toBe(sent);
    expect(reader.connected).toBe(true);
  });
});
