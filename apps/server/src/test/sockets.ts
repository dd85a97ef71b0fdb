import type { Socket } from 'socket.io-client';

/**
 * Resolves once the socket is connected, at once if it already is. Waiting on
 * `once('connect')` alone hangs when the event fired before the listener was
 * attached (two sockets opened together, awaited one after the other).
 */
export function connected(s: Socket): Promise<void> {
  if (s.connected) return Promise.resolve();
  return new Promise((resolve) => s.once('connect', () => resolve()));
}
