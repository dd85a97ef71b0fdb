import type { Queryable } from './database.js';

/**
 * Work that runs on one node of a cluster at a time, and the term it holds (`pipeline/cluster/leadership.ts`
 * runs them; the modules that have such work implement `Singleton` without depending on how it is run).
 */

/** One term of a singleton on this node. */
export interface Lease {
  readonly name: string;
  readonly epoch: number;
  /** Throws `LeaseLost` (and ends the term) when another node has taken over: call it in each write. */
  check(tx: Queryable): Promise<void>;
}

/** Work that must run on one node of the cluster at a time; `start` begins a term, `stop` ends it. */
export interface Singleton {
  readonly name: string;
  start(lease: Lease): Promise<void>;
  stop(): Promise<void>;
}
