import type { Queryable } from '../../db/database.js';

/** Thrown inside a singleton's transaction when another node has taken its lease since. */
export class LeaseLost extends Error {
  constructor(name: string, epoch: number) {
    super(`the ${name} lease of epoch ${epoch} was taken over by another node`);
    this.name = 'LeaseLost';
  }
}

/** The epochs of the singletons' leases (the advisory locks themselves live in a session, not a table). */
export class LeaseRepo {
  constructor(private readonly db: Queryable) {}

  /**
   * A new term for `holder`: the epoch goes up by one. It waits for any transaction of the old holder that
   * checked its epoch (`check` locks the row FOR SHARE), so no write of the old term lands after this.
   */
  async claim(name: string, holder: string): Promise<number> {
    const r = await this.db.query<{ epoch: number }>(
      `INSERT INTO singleton_leases (name, epoch, holder, acquired_at) VALUES ($1, 1, $2, now())
       ON CONFLICT (name) DO UPDATE
         SET epoch = singleton_leases.epoch + 1, holder = EXCLUDED.holder, acquired_at = EXCLUDED.acquired_at
       RETURNING epoch`,
      [name, holder],
    );
    return (r.rows[0] as { epoch: number }).epoch;
  }

  /** Throws `LeaseLost` unless `epoch` is still the current term (call it inside the write's transaction). */
  async check(tx: Queryable, name: string, epoch: number): Promise<void> {
    const r = await tx.query<{ epoch: number }>(
      'SELECT epoch FROM singleton_leases WHERE name = $1 FOR SHARE',
      [name],
    );
    if (r.rows[0]?.epoch !== epoch) throw new LeaseLost(name, epoch);
  }
}
