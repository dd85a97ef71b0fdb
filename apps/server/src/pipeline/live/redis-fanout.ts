import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { RealtimeServer } from './realtime.js';

export interface RedisFanout {
  /** Whether events of this node reach the others (and theirs reach this node's clients). */
  connected(): boolean;
  close(): Promise<void>;
}

/**
 * Shares socket events between the nodes of a cluster through Redis pub/sub (socket.io's Redis adapter):
 * a `warning`, `alarm`, `notification` or `strokes` event emitted on one node reaches the clients of every
 * node. While Redis is down a node keeps serving its own clients: events for the other nodes are dropped
 * (never queued, so memory stays bounded), and both clients reconnect and resubscribe by themselves.
 */
export function attachRedisFanout(
  io: RealtimeServer,
  o: { url: string; prefix: string; log: FastifyBaseLogger },
): RedisFanout {
  const retryStrategy = (attempt: number) => Math.min(attempt * 500, 5000);
  // Publishing fails at once while disconnected instead of filling an offline queue.
  const pub = new Redis(o.url, { enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy });
  // The subscriber keeps its queue: its subscriptions are sent again when it reconnects.
  const sub = new Redis(o.url, { retryStrategy, maxRetriesPerRequest: null });
  let down = false;
  const onError = (error: Error) => {
    if (down) return;
    down = true;
    o.log.warn(
      { err: error },
      'Redis unreachable: live events reach only this node’s clients until it returns',
    );
  };
  const onReady = () => {
    if (down) o.log.info('Redis is back: live events reach every node again');
    down = false;
  };
  for (const client of [pub, sub]) {
    client.on('error', onError);
    client.on('ready', onReady);
  }
  // The adapter does not wait for its publishes; a failed one must not become an unhandled rejection.
  const publisher = {
    on: (event: string, listener: (...args: unknown[]) => void) => pub.on(event, listener),
    publish: (channel: string, message: string | Buffer) => pub.publish(channel, message).catch(() => 0),
  };
  io.adapter(createAdapter(publisher, sub, { key: o.prefix }));
  return {
    connected: () => pub.status === 'ready' && sub.status === 'ready',
    async close() {
      pub.disconnect();
      sub.disconnect();
    },
  };
}
