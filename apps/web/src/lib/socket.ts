import type { StrokeDto } from '@thunderwatch/shared/strokes';

/**
 * The one socket controller (CONVENTIONS 12): owns the socket.io connection, authenticates it with a fresh
 * access token on every (re)connection, merges bursts of `strokes` so subscribers hear at most one batch
 * per `flushMs`, and after a reconnect tells subscribers to reload what they missed over REST.
 */

export type SocketStatus = 'idle' | 'connecting' | 'connected' | 'disconnected';

/** The part of a socket.io client socket the controller uses (a fake in tests). */
export interface SocketLike {
  on(event: string, handler: (...args: never[]) => void): unknown;
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
  subscribeStrokes(listener: (strokes: StrokeDto[]) => void): () => void;
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

  const strokeListeners = new Set<(strokes: StrokeDto[]) => void>();
  const reloadListeners = new Set<() => void>();
  const statusListeners = new Set<(status: SocketStatus) => void>();
  let socket: SocketLike | null = null;
  let current: SocketStatus = 'idle';
  let everConnected = false;
  let buffer: StrokeDto[] = [];
  let flushTimer: unknown = null;
  let retryTimer: unknown = null;
  let lastFlush = Number.NEGATIVE_INFINITY;
  let refused = false;

  const setStatus = (next: SocketStatus) => {
    if (next === current) return;
    current = next;
    for (const listener of statusListeners) listener(next);
  };

  const flush = () => {
    flushTimer = null;
    lastFlush = now();
    if (buffer.length === 0) return;
    const batch = buffer;
    buffer = [];
    for (const listener of strokeListeners) listener(batch);
  };

  const receive = (strokes: StrokeDto[]) => {
    if (!Array.isArray(strokes) || strokes.length === 0) return;
    for (const stroke of strokes) buffer.push(stroke);
    if (flushTimer !== null) return;
    flushTimer = setTimer(flush, Math.max(0, lastFlush + flushMs - now()));
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
    created.on('strokes', receive);
    created.connect();
  };

  const stop = () => {
    if (!socket) return;
    const closing = socket;
    socket = null;
    closing.disconnect();
    if (flushTimer !== null) clearTimer(flushTimer);
    if (retryTimer !== null) clearTimer(retryTimer);
    flushTimer = null;
    retryTimer = null;
    buffer = [];
    setStatus('idle');
  };

  return {
    subscribeStrokes(listener) {
      strokeListeners.add(listener);
      start();
      return () => {
        strokeListeners.delete(listener);
        if (strokeListeners.size === 0) stop();
      };
    },
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
