import type { StrokeDto } from '@thunderwatch/shared/strokes';
import { describe, expect, it } from 'vitest';
import { type AuthCallback, createSocketController, type SocketStatus } from './socket';

/** A socket.io stand-in: records connects, lets the test fire server events. */
class FakeSocket {
  handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  connects = 0;
  disconnects = 0;
  active = true;
  constructor(readonly auth: (cb: AuthCallback) => void) {}
  on(event: string, handler: (...args: never[]) => void) {
    const untyped = handler as (...args: unknown[]) => void;
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), untyped]);
  }
  connect() {
    this.connects += 1;
  }
  disconnect() {
    this.disconnects += 1;
  }
  fire(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
}

/** Manual clock and timers so bursts can be replayed deterministically. */
function fakeTime() {
  let now = 0;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 1;
  return {
    now: () => now,
    setTimer: (fn: () => void, ms: number) => {
      const id = nextId++;
      timers.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimer: (id: unknown) => {
      timers = timers.filter((t) => t.id !== id);
    },
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((t) => t !== due);
        now = due.at;
        due.fn();
      }
      now = end;
    },
    pending: () => timers.length,
  };
}

const dto = (id: number): StrokeDto => ({
  id,
  time: new Date(1_750_000_000_000 + id).toISOString(),
  ns: 0,
  lat: 23,
  lon: 113,
  peak_ka: -10,
  type: 'CG',
  sensors: 5,
  multiplicity: 1,
  flash_id: null,
  source: 'simulator',
});

function setup() {
  const time = fakeTime();
  const sockets: FakeSocket[] = [];
  let token = 'token-1';
  const asked: boolean[] = [];
  const controller = createSocketController({
    createSocket: (auth) => {
      const socket = new FakeSocket(auth);
      sockets.push(socket);
      return socket;
    },
    accessToken: async (forceRefresh) => {
      asked.push(forceRefresh);
      return forceRefresh ? `${token}-refreshed` : token;
    },
    flushMs: 250,
    retryMs: 5000,
    ...time,
  });
  return { controller, sockets, time, asked, setToken: (t: string) => (token = t) };
}

describe('socket controller', () => {
  it('connects on the first subscriber, with the current token, and disconnects after the last', async () => {
    const { controller, sockets, setToken } = setup();
    const off1 = controller.subscribeStrokes(() => {});
    const off2 = controller.subscribeStrokes(() => {});
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.connects).toBe(1);
    setToken('token-2');
    const auth = await new Promise<{ token: string }>((resolve) => sockets[0]?.auth(resolve));
    expect(auth).toEqual({ token: 'token-2' });
    off1();
    expect(sockets[0]?.disconnects).toBe(0);
    off2();
    expect(sockets[0]?.disconnects).toBe(1);
    expect(controller.status()).toBe('idle');
  });

  it('merges a burst of stroke events into at most one batch per 250 ms', () => {
    const { controller, sockets, time } = setup();
    const batches: number[][] = [];
    controller.subscribeStrokes((strokes) => batches.push(strokes.map((s) => s.id)));
    const socket = sockets[0] as FakeSocket;
    socket.fire('strokes', [dto(1)]);
    time.advance(0);
    expect(batches).toEqual([[1]]);
    // A burst: 20 events within 100 ms come out as one batch, 250 ms after the previous one.
    for (let i = 2; i < 22; i += 1) {
      socket.fire('strokes', [dto(i)]);
      time.advance(5);
    }
    expect(batches).toHaveLength(1);
    time.advance(250);
    expect(batches).toHaveLength(2);
    expect(batches[1]).toHaveLength(20);
    socket.fire('strokes', []);
    time.advance(1000);
    expect(batches).toHaveLength(2);
  });

  it('asks subscribers to reload after a reconnect, not after the first connection', () => {
    const { controller, sockets } = setup();
    const statuses: SocketStatus[] = [];
    let reloads = 0;
    controller.onStatus((s) => statuses.push(s));
    controller.onReload(() => {
      reloads += 1;
    });
    controller.subscribeStrokes(() => {});
    const socket = sockets[0] as FakeSocket;
    socket.fire('connect');
    expect(reloads).toBe(0);
    socket.fire('disconnect', 'transport close');
    socket.fire('connect');
    expect(reloads).toBe(1);
    expect(statuses).toEqual(['connecting', 'connected', 'disconnected', 'connected']);
  });

  it('retries with a refreshed token after the server refused the connection', async () => {
    const { controller, sockets, time, asked } = setup();
    controller.subscribeStrokes(() => {});
    const socket = sockets[0] as FakeSocket;
    socket.active = false;
    socket.fire('connect_error', new Error('auth.invalid_token'));
    socket.fire('connect_error', new Error('auth.invalid_token'));
    time.advance(4999);
    expect(socket.connects).toBe(1);
    time.advance(1);
    expect(socket.connects).toBe(2);
    const auth = await new Promise<{ token: string }>((resolve) => socket.auth(resolve));
    expect(auth).toEqual({ token: 'token-1-refreshed' });
    // Only that one attempt forces a refresh; later ones take the stored token again.
    await new Promise<{ token: string }>((resolve) => socket.auth(resolve));
    expect(asked).toEqual([true, false]);
  });

  it('reconnects by itself after the server ended the connection (a restart), then asks for a reload', () => {
    const { controller, sockets, time } = setup();
    let reloads = 0;
    controller.onReload(() => {
      reloads += 1;
    });
    controller.subscribeStrokes(() => {});
    const socket = sockets[0] as FakeSocket;
    socket.fire('connect');
    socket.fire('disconnect', 'transport close');
    time.advance(10_000);
    // socket.io retries lost transports itself; only a server-side disconnect needs us.
    expect(socket.connects).toBe(1);
    socket.fire('disconnect', 'io server disconnect');
    time.advance(5000);
    expect(socket.connects).toBe(2);
    socket.fire('connect');
    expect(reloads).toBe(1);
  });

  it('drops what is buffered when the last subscriber leaves', () => {
    const { controller, sockets, time } = setup();
    const seen: number[] = [];
    const off = controller.subscribeStrokes((s) => seen.push(...s.map((x) => x.id)));
    const socket = sockets[0] as FakeSocket;
    socket.fire('strokes', [dto(1)]);
    time.advance(0);
    socket.fire('strokes', [dto(2)]);
    off();
    time.advance(1000);
    expect(seen).toEqual([1]);
    expect(time.pending()).toBe(0);
  });
});
