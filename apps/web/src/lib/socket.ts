import type { InboxItem } from '@thunderwatch/shared/schemas/notifications';
import type { SensorLatestDto } from '@thunderwatch/shared/schemas/sensors';
import type { AlarmDto, WarningItem } from '@thunderwatch/shared/schemas/warnings';
import type { ClientToServerEvents, ServerToClientEvents } from '@thunderwatch/shared/socket-events';
import type { CompactStroke } from '@thunderwatch/shared/strokes';
import { createBurstBuffer } from './burst-buffer';

/**
 * The one socket controller (screens never open a socket of their own): owns the socket.io connection,
 * authenticates it with a fresh access token on every (re)connection, merges bursts of `strokes` and
 * `warning` so subscribers hear at most one batch of each per `flushMs`, passes `alarm` and `notification`
 * on at once, and after a reconnect tells subscribers to reload what they missed over REST. It connects on
 * the first subscriber of any kind and disconnects after the last one leaves; it asks the server for
 * strokes only while something listens to them.
 */

export type SocketStatus = 'idle' | 'connecting' | 'connected' | 'disconnected';

/**
 * The part of a socket.io client socket the controller uses (a fake in tests), typed by the shared event
 * maps: socket.io's own connection events, then every server event with its payload. A
 * `Socket<ServerToClientEvents, ClientToServerEvents>` is one as it is.
 */
export interface SocketLike {
  on(event: 'connect', handler: () => void): unknown;
  on(event: 'connect_error', handler: (error: Error) => void): unknown;
  on(event: 'disconnect', handler: (reason: string) => void): unknown;
  on<E extends keyof ServerToClientEvents>(event: E, handler: ServerToClientEvents[E]): unknown;
  emit<E extends keyof ClientToServerEvents>(event: E, ...args: Parameters<ClientToServerEvents[E]>): unknown;
  connect(): unknown;
  disconnect(): unknown;
  /** False after a server-side refusal: socket.io will not retry on its own. */
  readonly active: boolean;
}

export type AuthCallback = (data: { token: string }) => void;

export interface SocketControllerOptions {
  /** Creates the (not yet connected) socket; `auth` is called for every connection attempt. */
  createSocket(auth: (cb: AuthCallback) => void): SocketLike;
  /**
   * A fresh access token, refreshed when needed; null when signed out. `forceRefresh` after the server
   * refused the last one (a token can look unexpired yet belong to a session that has ended).
   */
  accessToken(forceRefresh: boolean): Promise<string | null>;
  flushMs?: number;
  /** Wait before retrying after the server refused the connection. */
  retryMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  now?: () => number;
}

export interface SocketController {
  /** Live strokes, merged: at most one call per flush interval. Connects on the first subscriber. */
  subscribeStrokes(listener: (strokes: CompactStroke[]) => void): () => void;
  /** Locations whose warning changed, merged per location: the latest state of each, per flush interval. */
  subscribeWarnings(listener: (items: WarningItem[]) => void): () => void;
  /** A new alarm or one just confirmed (`confirmed_at` set), delivered at once. */
  subscribeAlarms(listener: (alarm: AlarmDto) => void): () => void;
  /** A new message in my in-app inbox, delivered at once. */
  subscribeNotifications(listener: (item: InboxItem) => void): () => void;
  /** The latest readings of my group's sensors heard from (at most once a second), delivered at once. */
  subscribeSensors(listener: (items: SensorLatestDto[]) => void): () => void;
  /** Called after every reconnect (not the first connection): reload state over REST. */
  onReload(listener: () => void): () => void;
  onStatus(listener: (status: SocketStatus) => void): () => void;
  status(): SocketStatus;
}

export function createSocketController(options: SocketControllerOptions): SocketController {
  const flushMs = options.flushMs ?? 250;
  const retryMs = options.retryMs ?? 5_000;
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer =
    options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const now = options.now ?? Date.now;

  const strokeListeners = new Set<(strokes: CompactStroke[]) => void>();
  const warningListeners = new Set<(items: WarningItem[]) => void>();
  const alarmListeners = new Set<(alarm: AlarmDto) => void>();
  const notificationListeners = new Set<(item: InboxItem) => void>();
  const sensorListeners = new Set<(items: SensorLatestDto[]) => void>();
  const reloadListeners = new Set<() => void>();
  const statusListeners = new Set<(status: SocketStatus) => void>();
  let socket: SocketLike | null = null;
  let current: SocketStatus = 'idle';
  let everConnected = false;
  let retryTimer: unknown = null;
  let refused = false;

  const timers = { setTimer, clearTimer, now, flushMs };
  const strokes = createBurstBuffer<CompactStroke>({
    ...timers,
    emit: (batch) => {
      for (const listener of strokeListeners) listener(batch);
    },
  });
  const warnings = createBurstBuffer<WarningItem>({
    ...timers,
    key: (item) => item.location_id,
    emit: (batch) => {
      for (const listener of warningListeners) listener(batch);
    },
  });

  const setStatus = (next: SocketStatus) => {
    if (next === current) return;
    current = next;
    for (const listener of statusListeners) listener(next);
  };

  const receiveStrokes = (items: CompactStroke[]) => {
    if (Array.isArray(items)) strokes.push(items);
  };
  const receiveWarnings = (items: WarningItem[]) => {
    if (Array.isArray(items)) warnings.push(items);
  };
  const receiveAlarm = (alarm: AlarmDto) => {
    if (typeof alarm?.id !== 'number') return;
    for (const listener of alarmListeners) listener(alarm);
  };
  const receiveNotification = (item: InboxItem) => {
    if (typeof item?.id !== 'number') return;
    for (const listener of notificationListeners) listener(item);
  };

  // Sent at most once a second by the server, already the latest per sensor: passed on at once.
  const receiveSensors = (items: SensorLatestDto[]) => {
    if (!Array.isArray(items)) return;
    for (const listener of sensorListeners) listener(items);
  };

  const auth = (cb: AuthCallback) => {
    const forceRefresh = refused;
    refused = false;
    options.accessToken(forceRefresh).then(
      (token) => cb({ token: token ?? '' }),
      () => cb({ token: '' }),
    );
  };

  const start = () => {
    if (socket) return;
    everConnected = false;
    const created = options.createSocket(auth);
    socket = created;
    setStatus('connecting');
    created.on('connect', () => {
      setStatus('connected');
      // Each connection is new to the server: ask again for strokes if someone listens.
      if (strokeListeners.size > 0) created.emit('strokes:subscribe');
      if (everConnected) for (const listener of reloadListeners) listener();
      everConnected = true;
    });
    const retryLater = () => {
      if (retryTimer !== null) return;
      retryTimer = setTimer(() => {
        retryTimer = null;
        if (socket === created) created.connect();
      }, retryMs);
    };
    created.on('disconnect', (reason: string) => {
      setStatus('disconnected');
      // The server ended the connection (e.g. it is restarting): socket.io leaves reconnecting to us.
      if (reason === 'io server disconnect') retryLater();
    });
    created.on('connect_error', () => {
      setStatus('disconnected');
      // A refusal (e.g. an ended session) stops socket.io's own retries: try again with a refreshed token.
      if (!created.active) {
        refused = true;
        retryLater();
      }
    });
    created.on('strokes', receiveStrokes);
    created.on('warning', receiveWarnings);
    created.on('alarm', receiveAlarm);
    created.on('notification', receiveNotification);
    created.on('sensor', receiveSensors);
    created.connect();
  };

  const stop = () => {
    if (!socket) return;
    const closing = socket;
    socket = null;
    closing.disconnect();
    if (retryTimer !== null) clearTimer(retryTimer);
    retryTimer = null;
    strokes.clear();
    warnings.clear();
    setStatus('idle');
  };

  const subscribers = () =>
    strokeListeners.size +
    warningListeners.size +
    alarmListeners.size +
    notificationListeners.size +
    sensorListeners.size;

  /** Strokes are sent only to sockets that asked: tell the server when the first or last listener comes or goes. */
  const askForStrokes = (on: boolean) => {
    if (socket && current === 'connected') socket.emit(on ? 'strokes:subscribe' : 'strokes:unsubscribe');
  };

  /** Adds a listener and connects; its unsubscribe disconnects when no listener of any kind is left. */
  const subscribe = <L>(listeners: Set<L>, listener: L) => {
    listeners.add(listener);
    if (listeners === strokeListeners && listeners.size === 1) askForStrokes(true);
    start();
    return () => {
      if (!listeners.delete(listener)) return;
      // A buffered batch is only for those still listening to that kind.
      if (listeners === strokeListeners && listeners.size === 0) {
        strokes.clear();
        askForStrokes(false);
      }
      if (listeners === warningListeners && listeners.size === 0) warnings.clear();
      if (subscribers() === 0) stop();
    };
  };

  return {
    subscribeStrokes: (listener) => subscribe(strokeListeners, listener),
    subscribeWarnings: (listener) => subscribe(warningListeners, listener),
    subscribeAlarms: (listener) => subscribe(alarmListeners, listener),
    subscribeNotifications: (listener) => subscribe(notificationListeners, listener),
    subscribeSensors: (listener) => subscribe(sensorListeners, listener),
    onReload(listener) {
      reloadListeners.add(listener);
      return () => reloadListeners.delete(listener);
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    status: () => current,
  };
}
