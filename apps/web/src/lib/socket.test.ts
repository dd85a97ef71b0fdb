import type { AlarmDto, WarningItem } from '@thunderwatch/shared/schemas/warnings';
import type { CompactStroke } from '@thunderwatch/shared/strokes';
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
  /** What the client asked the server, in order. */
  emitted: string[] = [];
  emit(event: string, ..._args: unknown[]) {
    this.emitted.push(event);
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

const stroke = (id: number): CompactStroke => [id, 1_750_000_000_000 + id, 23, 113, -10, 0, null, 1];

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

  it('asks the server for strokes only while something listens to them, again after each reconnect', () => {
    const { controller, sockets } = setup();
    const offAlarms = controller.subscribeAlarms(() => {});
    const socket = sockets[0] as FakeSocket;
    socket.fire('connect');
    // An alarm listener alone (a screen without a map) asks for no strokes.
    expect(socket.emitted).toEqual([]);
    const offStrokes = controller.subscribeStrokes(() => {});
    const offMore = controller.subscribeStrokes(() => {});
    expect(socket.emitted).toEqual(['strokes:subscribe']);
    socket.fire('disconnect', 'transport close');
    socket.fire('connect');
    expect(socket.emitted).toEqual(['strokes:subscribe', 'strokes:subscribe']);
    offStrokes();
    expect(socket.emitted).toHaveLength(2);
    offMore();
    expect(socket.emitted).toEqual(['strokes:subscribe', 'strokes:subscribe', 'strokes:unsubscribe']);
    socket.fire('disconnect', 'transport close');
    socket.fire('connect');
    expect(socket.emitted).toHaveLength(3);
    offAlarms();
  });

  it('asks for strokes once connected when the listener came while connecting', () => {
    const { controller, sockets } = setup();
    controller.subscribeStrokes(() => {});
    const socket = sockets[0] as FakeSocket;
    expect(socket.emitted).toEqual([]);
    socket.fire('connect');
    expect(socket.emitted).toEqual(['strokes:subscribe']);
  });

  it('merges a burst of stroke events into at most one batch per 250 ms', () => {
    const { controller, sockets, time } = setup();
    const batches: number[][] = [];
    controller.subscribeStrokes((strokes) => batches.push(strokes.map((s) => s[0])));
    const socket = sockets[0] as FakeSocket;
    socket.fire('strokes', [stroke(1)]);
    time.advance(0);
    expect(batches).toEqual([[1]]);
    // A burst: 20 events within 100 ms come out as one batch, 250 ms after the previous one.
    for (let i = 2; i < 22; i += 1) {
      socket.fire('strokes', [stroke(i)]);
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
    const off = controller.subscribeStrokes((s) => seen.push(...s.map((x) => x[0])));
    const socket = sockets[0] as FakeSocket;
    socket.fire('strokes', [stroke(1)]);
    time.advance(0);
    socket.fire('strokes', [stroke(2)]);
    off();
    time.advance(1000);
    expect(seen).toEqual([1]);
    expect(time.pending()).toBe(0);
  });
});

const warning = (locationId: number, level: WarningItem['level']): WarningItem => ({
  location_id: locationId,
  name: `site ${locationId}`,
  name_en: null,
  level,
  since: null,
  nearest_km: null,
  bearing_deg: null,
  counts: [],
  all_clear_at: null,
  approach: null,
  alert_id: null,
  unconfirmed_alarms: 0,
  predicted: false,
});

const alarm = (id: number, confirmedAt: string | null = null): AlarmDto => ({
  id,
  kind: 'lightning',
  alert_id: 1,
  subject: null,
  cleared_at: null,
  facts: null,
  about: null,
  location_id: 7,
  location_name: 'Port',
  location_name_en: null,
  group_id: 1,
  level: 3,
  previous_level: 0,
  created_at: '2025-06-15T08:00:00.000Z',
  nearest_km: 4.2,
  bearing_deg: 235,
  confirmed_at: confirmedAt,
  confirmed_by: null,
  note: null,
  predicted_by: null,
});

describe('socket controller: warnings and alarms', () => {
  it('shares one connection between strokes, warnings and alarms and closes it after the last leaves', () => {
    const { controller, sockets } = setup();
    const offStrokes = controller.subscribeStrokes(() => {});
    const offWarnings = controller.subscribeWarnings(() => {});
    const offAlarms = controller.subscribeAlarms(() => {});
    expect(sockets).toHaveLength(1);
    offStrokes();
    offWarnings();
    // Unsubscribing twice must not close the connection another subscriber still uses.
    offWarnings();
    expect(sockets[0]?.disconnects).toBe(0);
    offAlarms();
    expect(sockets[0]?.disconnects).toBe(1);
    expect(controller.status()).toBe('idle');
  });

  it('merges a burst of warning events into the latest state per location', () => {
    const { controller, sockets, time } = setup();
    const batches: [number, number][][] = [];
    controller.subscribeWarnings((items) => batches.push(items.map((w) => [w.location_id, w.level])));
    const socket = sockets[0] as FakeSocket;
    socket.fire('warning', [warning(1, 1)]);
    time.advance(0);
    expect(batches).toEqual([[[1, 1]]]);
    socket.fire('warning', [warning(1, 2), warning(2, 1)]);
    time.advance(50);
    socket.fire('warning', [warning(1, 3)]);
    time.advance(50);
    expect(batches).toHaveLength(1);
    time.advance(250);
    expect(batches[1]).toEqual([
      [1, 3],
      [2, 1],
    ]);
    socket.fire('warning', 'not a list');
    time.advance(1000);
    expect(batches).toHaveLength(2);
  });

  it('passes alarms on at once, new and confirmed alike, and ignores malformed ones', () => {
    const { controller, sockets } = setup();
    const seen: [number, string | null][] = [];
    controller.subscribeAlarms((a) => seen.push([a.id, a.confirmed_at]));
    const socket = sockets[0] as FakeSocket;
    socket.fire('alarm', alarm(5));
    socket.fire('alarm', alarm(5, '2025-06-15T08:01:00.000Z'));
    socket.fire('alarm', null);
    socket.fire('alarm', { id: 'x' });
    expect(seen).toEqual([
      [5, null],
      [5, '2025-06-15T08:01:00.000Z'],
    ]);
  });

  it('passes inbox messages on at once and keeps the connection while someone listens for them', () => {
    const { controller, sockets } = setup();
    const titles: string[] = [];
    const off = controller.subscribeNotifications((item) => titles.push(item.title));
    const socket = sockets[0] as FakeSocket;
    expect(socket.connects).toBe(1);
    socket.fire('notification', { id: 7, title: 'Red · Apron' });
    socket.fire('notification', { title: 'no id' });
    expect(titles).toEqual(['Red · Apron']);
    off();
    expect(socket.disconnects).toBe(1);
  });

  it('passes sensor readings on at once and ignores malformed ones', () => {
    const { controller, sockets } = setup();
    const seen: string[] = [];
    const off = controller.subscribeSensors((items) => seen.push(...items.map((i) => i.id)));
    const socket = sockets[0] as FakeSocket;
    socket.fire('sensor', [{ id: 'efm-1', kind: 'efm', time: '2026-07-01T00:00:00Z', values: { field: 3 } }]);
    socket.fire('sensor', { id: 'not a list' });
    expect(seen).toEqual(['efm-1']);
    off();
    expect(socket.disconnects).toBe(1);
  });

  it('asks a warnings-only subscriber to reload after a reconnect', () => {
    const { controller, sockets } = setup();
    let reloads = 0;
    controller.onReload(() => {
      reloads += 1;
    });
    controller.subscribeWarnings(() => {});
    const socket = sockets[0] as FakeSocket;
    socket.fire('connect');
    socket.fire('disconnect', 'transport close');
    socket.fire('connect');
    expect(reloads).toBe(1);
  });

  it('keeps delivering warnings after the stroke subscribers leave, dropping only buffered strokes', () => {
    const { controller, sockets, time } = setup();
    const strokes: number[] = [];
    const levels: number[] = [];
    const offStrokes = controller.subscribeStrokes((s) => strokes.push(...s.map((x) => x[0])));
    controller.subscribeWarnings((items) => levels.push(...items.map((w) => w.level)));
    const socket = sockets[0] as FakeSocket;
    socket.fire('strokes', [stroke(1)]);
    socket.fire('warning', [warning(1, 2)]);
    time.advance(0);
    socket.fire('strokes', [stroke(2)]);
    socket.fire('warning', [warning(1, 3)]);
    offStrokes();
    time.advance(1000);
    expect(strokes).toEqual([1]);
    expect(levels).toEqual([2, 3]);
  });
});
