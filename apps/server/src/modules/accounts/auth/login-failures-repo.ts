import type { Queryable } from '../../../db/database.js';

/** Failed password logins per account and IP, for the login throttle. */
export class LoginFailuresRepo {
  constructor(private readonly db: Queryable) {}

  async since(account: string, ip: string, since: Date): Promise<number[]> {
    const r = await this.db.query<{ at: Date }>(
      'SELECT at FROM login_failures WHERE account = $1 AND ip = $2 AND at > $3',
      [account, ip, since],
    );
    return r.rows.map((row) => row.at.getTime());
  }

  async record(account: string, ip: string, at: Date): Promise<void> {
    await this.db.query('INSERT INTO login_failures (account, ip, at) VALUES ($1, $2, $3)', [
      account,
      ip,
      at,
    ]);
  }

  async clear(account: string, ip: string): Promise<void> {
    await this.db.query('DELETE FROM login_failures WHERE account = $1 AND ip = $2', [account, ip]);
  }

  async purgeBefore(before: Date): Promise<void> {
    await this.db.query('DELETE FROM login_failures WHERE at < $1', [before]);
  }
}
