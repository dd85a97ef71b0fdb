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
  /**
   * A connection of its own, outside the pool, for what lives as long as a session: advisory locks and
   * LISTEN. Only a server database has sessions to share; the embedded one belongs to one process.
   */
  dedicated?: () => Promise<DedicatedConnection>;
}

/** A connection outside the pool; `ended` fires once, when it closes or fails for any reason. */
export interface DedicatedConnection extends Queryable {
  onNotification(fn: (channel: string, payload: string) => void): void;
  ended: Promise<Error | null>;
  end(): Promise<void>;
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

/** SQLSTATE classes and codes of a database that is down or restarting, not of a bad statement. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_NET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
]);

/**
 * True when the error says the database cannot be reached (refused, reset, shutting down, too many
 * connections) rather than that a statement failed: the request may be retried shortly.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as DbError | undefined;
  if (!e || typeof e !== 'object') return false;
  if (
    e.code &&
    (UNAVAILABLE_NET_CODES.has(e.code) || UNAVAILABLE_SQLSTATES.has(e.code) || e.code.startsWith('08'))
  ) {
    return true;
  }
  // node-postgres reports a dropped connection or a connect timeout by message only.
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(
    e.message ?? '',
  );
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as DbError;
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}
