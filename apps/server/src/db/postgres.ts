import pg from 'pg';
import type { Database, DedicatedConnection, Queryable, QueryResult } from './database.js';

// int8 (counts, bigserial ids) as JS numbers, identical to the embedded database.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

async function run<T>(client: pg.Pool | pg.ClientBase, sql: string, params?: readonly unknown[]) {
  const r = await client.query(sql, params as unknown[]);
  return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 } satisfies QueryResult<T>;
}

export function openPostgres(connectionString: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString, max });
  pool.on('error', (err) => console.error('postgres pool error:', err.message));
  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    async transaction(fn) {
      const client = await pool.connect();
      // A checked-out client has no listener of the pool's: a connection lost between two statements would
      // be an uncaught 'error' event. The statement in flight fails with it instead.
      let broken: Error | undefined;
      const onError = (error: Error) => {
        broken = error;
      };
      client.on('error', onError);
      const tx: Queryable = { query: (sql, params) => run(client, sql, params) };
      try {
        await client.query('BEGIN');
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((e: Error) => {
          broken ??= e;
        });
        throw error;
      } finally {
        client.off('error', onError);
        // A broken connection is closed, not handed to the next caller.
        client.release(broken);
      }
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    dedicated: () => openDedicated(connectionString),
  };
}

/** A session of its own with TCP keepalive, so a peer that vanished is noticed without a statement. */
async function openDedicated(connectionString: string): Promise<DedicatedConnection> {
  const client = new pg.Client({ connectionString, keepAlive: true, keepAliveInitialDelayMillis: 5000 });
  let settle: (error: Error | null) => void = () => {};
  const ended = new Promise<Error | null>((resolve) => {
    settle = resolve;
  });
  client.on('error', (error) => settle(error));
  client.on('end', () => settle(null));
  await client.connect();
  return {
    query: (sql, params) => run(client, sql, params),
    onNotification: (fn) => client.on('notification', (n) => fn(n.channel, n.payload ?? '')),
    ended,
    end: () => client.end().catch(() => {}),
  };
}
