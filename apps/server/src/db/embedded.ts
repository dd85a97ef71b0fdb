import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Database, DbError, Queryable, QueryResult } from './database.js';

const WORKER_URL = new URL('../../workers/pglite-worker.mjs', import.meta.url);

export interface EmbeddedOptions {
  /** Directory of the data files; null keeps everything in memory (tests). */
  dataDir: string | null;
  /** A `dumpDataDir` tarball to start from instead of running initdb (tests). */
  snapshot?: Uint8Array;
}

export interface EmbeddedDatabase extends Database {
  /** A tarball of the whole data directory, loadable as `snapshot`. */
  dump(): Promise<Uint8Array>;
}

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };

/**
 * PGlite in a worker thread. PGlite is a single connection, so a transaction holds an exclusive lock on the
 * main-thread side: statements from other callers wait until it commits or rolls back.
 */
export async function openEmbedded(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    // initdb leaves some 500 MB in the WebAssembly instance that ran it, for as long as that lives: it runs
    // in a worker of its own, which then ends and gives the memory back.
    if (!options.snapshot && !existsSync(path.join(options.dataDir, 'PG_VERSION'))) {
      const init = await startWorker({ dataDir: options.dataDir, initOnly: true });
      await init.terminate();
    }
  }
  const worker = await startWorker({ dataDir: options.dataDir, snapshot: options.snapshot });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let dead: Error | null = null;
  worker.on('message', (msg: { id?: number; result?: unknown; error?: DbError & { detail?: string } }) => {
    if (msg.id === undefined) return;
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    if (msg.error) p.reject(Object.assign(new Error(msg.error.message), msg.error));
    else p.resolve(msg.result);
  });
  const failAll = (error: Error) => {
    dead = error;
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`embedded database worker exited (${code})`)));

  const call = <T>(op: string, sql?: string, params?: readonly unknown[]): Promise<T> => {
    if (dead) return Promise.reject(dead);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ id, op, sql, params });
    });
  };
  const raw = <T>(sql: string, params?: readonly unknown[]) => call<QueryResult<T>>('query', sql, params);

  // The connection lock: a promise chain; each holder releases by resolving its link.
  let tail: Promise<void> = Promise.resolve();
  let queued = 0;
  const exclusive = async <T>(fn: () => Promise<T>): Promise<T> => {
    queued++;
    const previous = tail;
    let release!: () => void;
    tail = new Promise<void>((r) => {
      release = r;
    });
    await previous;
    try {
      return await fn();
    } finally {
      queued--;
      release();
    }
  };

  return {
    kind: 'embedded',
    query: (sql, params) => exclusive(() => raw(sql, params)),
    transaction: (fn) =>
      exclusive(async () => {
        const tx: Queryable = { query: raw };
        await raw('BEGIN');
        try {
          const result = await fn(tx);
          await raw('COMMIT');
          return result;
        } catch (error) {
          await raw('ROLLBACK').catch(() => {});
          throw error;
        }
      }),
    dump: () => exclusive(() => call<Uint8Array>('dump')),
    poolStats: () => ({ total: 1, idle: queued === 0 ? 1 : 0, waiting: Math.max(0, queued - 1) }),
    async close() {
      if (dead) return;
      await exclusive(() => call('close'));
      await worker.terminate();
    },
  };
}

/** A database worker, once it has opened (or, with `initOnly`, created and closed) its database. */
async function startWorker(workerData: {
  dataDir: string | null;
  snapshot?: Uint8Array;
  initOnly?: boolean;
}): Promise<Worker> {
  const worker = new Worker(WORKER_URL, { workerData });
  await new Promise<void>((resolve, reject) => {
    const onMessage = (msg: { ready?: boolean }) => {
      if (msg.ready) {
        worker.off('error', reject);
        worker.off('message', onMessage);
        resolve();
      }
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
  });
  return worker;
}
