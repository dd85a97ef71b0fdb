/** The one database interface the repositories see: PostgreSQL dialect, `$1` placeholders. */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
}

export interface Database extends Queryable {
  readonly kind: 'embedded' | 'postgres';
  /** Runs `fn` in one transaction: commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Connections in use and callers waiting, for the metrics. */
  poolStats(): PoolStats;
}

export interface PoolStats {
  total: number;
  idle: number;
  /** Callers waiting for a connection (the embedded database: for its one connection). */
  waiting: number;
}

/** PostgreSQL error fields the services look at (SQLSTATE `code`, violated `constraint`). */
export interface DbError extends Error {
  code?: string;
  constraint?: string;
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as DbError;
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}
