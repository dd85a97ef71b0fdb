import type { FastifyBaseLogger } from 'fastify';
import type { Database, DedicatedConnection } from '../../db/database.js';
import { STROKES_CHANNEL } from '../../modules/lightning/strokes/stroke-row.js';

export type SignalListener = (payload: string) => void;

/**
 * Short signals between the nodes of a cluster (a stroke batch committed, a location edited, an alarm
 * confirmed): PostgreSQL NOTIFY, heard by every node's LISTEN session, the sender's included. They carry
 * ids, never data: the receiver reads what changed from the database, so a lost signal is caught up by
 * reading again. On the embedded database the one process signals itself.
 */
export interface ClusterSignals {
  on(channel: string, fn: SignalListener): () => void;
  /** Sent after the caller's commit (or inside its transaction, by `NOTIFY` in its own SQL). */
  notify(channel: string, payload: string): Promise<void>;
  /** Called after the LISTEN session came back: whatever was signalled meanwhile was not heard. */
  onReconnect(fn: () => void): () => void;
  close(): Promise<void>;
}

/** Channel names: one per kind of signal. */
export const CHANNELS = {
  /** Sent by the ingest's own SQL in the batch's transaction. */
  strokes: STROKES_CHANNEL,
  locations: 'thunderwatch_locations',
  alarmConfirmed: 'thunderwatch_alarm_confirmed',
  /** A cell tracker step committed (its time, ms): the warning engine evaluates predicted warnings. */
  cells: 'thunderwatch_cells',
} as const;

class Listeners {
  private readonly byChannel = new Map<string, Set<SignalListener>>();
  readonly reconnect = new Set<() => void>();

  add(channel: string, fn: SignalListener): () => void {
    const set = this.byChannel.get(channel) ?? new Set<SignalListener>();
    this.byChannel.set(channel, set);
    set.add(fn);
    return () => set.delete(fn);
  }

  channels(): string[] {
    return [...this.byChannel.keys()];
  }

  emit(channel: string, payload: string, log: FastifyBaseLogger): void {
    for (const fn of this.byChannel.get(channel) ?? []) {
      try {
        fn(payload);
      } catch (error) {
        log.error({ err: error, channel }, 'a signal listener failed');
      }
    }
  }
}

/** The embedded database's single process: a signal goes straight to its listeners. */
export function localSignals(log: FastifyBaseLogger): ClusterSignals {
  const listeners = new Listeners();
  return {
    on: (channel, fn) => listeners.add(channel, fn),
    async notify(channel, payload) {
      listeners.emit(channel, payload, log);
    },
    onReconnect: (fn) => {
      listeners.reconnect.add(fn);
      return () => listeners.reconnect.delete(fn);
    },
    close: async () => {},
  };
}

const RETRY_MS = 1000;

/** LISTEN on a session of its own, reconnecting after a second while the database is away. */
export async function postgresSignals(db: Database, log: FastifyBaseLogger): Promise<ClusterSignals> {
  const dedicated = db.dedicated as () => Promise<DedicatedConnection>;
  const listeners = new Listeners();
  let session: DedicatedConnection | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const listen = async (s: DedicatedConnection, channel: string) => s.query(`LISTEN ${channel}`);
  const connect = async (again: boolean): Promise<void> => {
    retry = null;
    if (closed) return;
    try {
      const s = await dedicated();
      s.onNotification((channel, payload) => listeners.emit(channel, payload, log));
      for (const channel of listeners.channels()) await listen(s, channel);
      session = s;
      void s.ended.then((error) => {
        if (session !== s) return;
        session = null;
        if (!closed) {
          log.warn({ err: error }, 'the LISTEN session ended; reconnecting');
          retry = setTimeout(() => void connect(true), RETRY_MS);
        }
      });
      if (again) for (const fn of listeners.reconnect) fn();
    } catch (error) {
      log.warn({ err: error }, 'could not open the LISTEN session; retrying');
      retry = setTimeout(() => void connect(true), RETRY_MS);
    }
  };
  await connect(false);

  return {
    on(channel, fn) {
      const fresh = !listeners.channels().includes(channel);
      const off = listeners.add(channel, fn);
      if (fresh && session) void listen(session, channel).catch(() => {});
      return off;
    },
    async notify(channel, payload) {
      await db.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    onReconnect: (fn) => {
      listeners.reconnect.add(fn);
      return () => listeners.reconnect.delete(fn);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const s = session;
      session = null;
      await s?.end();
    },
  };
}
