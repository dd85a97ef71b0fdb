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

/**
 * Resolves once everything the server sent this socket before the call has arrived (a `sync` round trip
 * behind it): a test that checks a socket heard nothing waits for this, not for a while.
 */
export async function drained(s: Socket): Promise<void> {
  await s.timeout(10_000).emitWithAck('sync');
}
