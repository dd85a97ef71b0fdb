import type { FastifyBaseLogger } from 'fastify';
import type { Database, DedicatedConnection } from '../../db/database.js';
import type { Lease, Singleton } from '../../db/singleton.js';
import { LeaseLost, type LeaseRepo } from './lease-repo.js';

/** The first key of the two-key advisory locks of singletons (the second is the hash of the name). */
const LOCK_SPACE = 727_003;

/**
 * The locks of an embedded database, which only its own process opens: the apps built on it in this process
 * (tests run two) take turns through this table instead of PostgreSQL's advisory locks.
 */
const embeddedLocks = new WeakMap<Database, Map<string, Leadership>>();

/**
 * Runs each singleton on the node that holds its PostgreSQL advisory lock. The lock lives in a session of
 * its own: when the holder dies its connection closes and PostgreSQL releases the lock at once, and the
 * other nodes, trying every `pollMs`, take over. Each term has an epoch that the singleton's writes check, so
 * a holder cut off from the database cannot write after its successor started. The embedded database
 * belongs to one process, whose locks are a table in memory.
 */
export class Leadership {
  private session: DedicatedConnection | null = null;
  private readonly singletons: Singleton[] = [];
  private readonly held = new Map<string, Lease>();
  private transitions: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly d: {
      db: Database;
      leases: LeaseRepo;
      /** Who this node is, as shown in `singleton_leases.holder`. */
      holder: string;
      pollMs: number;
      log: FastifyBaseLogger;
    },
  ) {}

  /** Runs `singleton` whenever this node holds its lease; the first try is over when this resolves. */
  async run(singleton: Singleton): Promise<void> {
    this.singletons.push(singleton);
    await this.serial(() => this.tryAcquire(singleton));
    if (!this.timer && !this.closed) {
      this.timer = setInterval(() => void this.serial(() => this.poll()), this.d.pollMs);
      this.timer.unref();
    }
  }

  /** Ends this node's term of `name`; the next poll competes for it again (this node may win it back). */
  resign(name: string): Promise<void> {
    return this.serial(async () => {
      const s = this.singletons.find((x) => x.name === name);
      if (s) await this.end(s, null);
    });
  }

  role(name: string): 'leader' | 'standby' {
    return this.held.has(name) ? 'leader' : 'standby';
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.serial(async () => {
      for (const s of this.singletons) await this.end(s, null);
      await this.session?.end();
      this.session = null;
    });
  }

  private async poll(): Promise<void> {
    if (this.closed) return;
    if (this.held.size > 0 && this.session) {
      // A session that died silently (a cut network) must end the terms before another node starts them.
      try {
        await this.session.query('SELECT 1');
      } catch (error) {
        await this.lostSession(this.session, error as Error);
      }
    }
    for (const s of this.singletons) if (!this.held.has(s.name)) await this.tryAcquire(s);
  }

  private async tryAcquire(s: Singleton): Promise<void> {
    if (this.closed) return;
    let locked = false;
    try {
      if (this.d.db.dedicated) {
        const session = await this.connect();
        const r = await session.query<{ ok: boolean }>(
          'SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok',
          [LOCK_SPACE, s.name],
        );
        if (!r.rows[0]?.ok) return;
      } else if (!this.lockEmbedded(s.name)) {
        return;
      }
      locked = true;
      const epoch = await this.d.leases.claim(s.name, this.d.holder);
      const lease: Lease = {
        name: s.name,
        epoch,
        check: (tx) =>
          this.d.leases.check(tx, s.name, epoch).catch((error: unknown) => {
            if (error instanceof LeaseLost) void this.serial(() => this.end(s, error));
            throw error;
          }),
      };
      this.held.set(s.name, lease);
      this.d.log.info({ singleton: s.name, epoch, holder: this.d.holder }, 'took the lease');
      await s.start(lease);
    } catch (error) {
      this.d.log.warn({ err: error, singleton: s.name }, 'could not take the lease; trying again');
      if (this.held.has(s.name)) await this.end(s, null);
      else if (locked) await this.unlock(s);
    }
  }

  /** Ends this node's term of `s` (if it has one) and gives the lock back while the session lives. */
  private async end(s: Singleton, reason: Error | null): Promise<void> {
    if (!this.held.delete(s.name)) return;
    if (reason) this.d.log.error({ err: reason, singleton: s.name }, 'lost the lease; standing by');
    try {
      await s.stop();
    } catch (error) {
      this.d.log.error({ err: error, singleton: s.name }, 'stopping a singleton failed');
    }
    await this.unlock(s);
  }

  private lockEmbedded(name: string): boolean {
    const locks = embeddedLocks.get(this.d.db) ?? new Map<string, Leadership>();
    embeddedLocks.set(this.d.db, locks);
    const holder = locks.get(name);
    if (holder && holder !== this) return false;
    locks.set(name, this);
    return true;
  }

  private async unlock(s: Singleton): Promise<void> {
    const locks = embeddedLocks.get(this.d.db);
    if (locks?.get(s.name) === this) locks.delete(s.name);
    await this.session
      ?.query('SELECT pg_advisory_unlock($1, hashtext($2))', [LOCK_SPACE, s.name])
      .catch(() => {});
  }

  private async connect(): Promise<DedicatedConnection> {
    if (this.session) return this.session;
    const session = await (this.d.db.dedicated as () => Promise<DedicatedConnection>)();
    this.session = session;
    void session.ended.then((error) => {
      if (this.session === session && !this.closed)
        void this.serial(() => this.lostSession(session, error ?? new Error('lock session closed')));
    });
    return session;
  }

  /** The locks went with the session: every term ends, and the next poll competes again. */
  private async lostSession(session: DedicatedConnection, error: Error): Promise<void> {
    if (this.session !== session) return;
    this.session = null;
    await session.end();
    for (const s of this.singletons) await this.end(s, error);
  }

  /** Terms start and end one at a time, in order. */
  private serial(work: () => Promise<void>): Promise<void> {
    const next = this.transitions.then(work).catch((error: unknown) => {
      this.d.log.error({ err: error }, 'leadership transition failed');
    });
    this.transitions = next;
    return next;
  }
}
