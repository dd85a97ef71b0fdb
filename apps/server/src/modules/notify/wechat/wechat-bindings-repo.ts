import type { Language } from '@thunderwatch/shared/languages';
import type { Database, Queryable } from '../../../db/database.js';

export interface BindingRow {
  openid: string;
  bound_at: Date;
}

/** Keys this long past their expiry are deleted whenever a new key is made. */
const PURGE_AFTER = '1 day';

/** Users' WeChat openids and the one-time keys (stored as hashes) that bind them. */
export class WechatBindingsRepo {
  constructor(private readonly db: Database) {}

  async ofUser(userId: number): Promise<BindingRow | null> {
    const r = await this.db.query<BindingRow>(
      'SELECT openid, bound_at FROM wechat_bindings WHERE user_id = $1',
      [userId],
    );
    return r.rows[0] ?? null;
  }

  /** Stores a new key; the user's earlier unused keys stop working, and long-expired keys are purged. */
  async replaceKey(userId: number, keyHash: string, createdAt: Date, expiresAt: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(
        `DELETE FROM wechat_binding_keys
         WHERE (user_id = $1 AND used_at IS NULL) OR expires_at < $2::timestamptz - $3::interval`,
        [userId, createdAt, PURGE_AFTER],
      );
      await tx.query(
        `INSERT INTO wechat_binding_keys (key_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)`,
        [keyHash, userId, createdAt, expiresAt],
      );
    });
  }

  async deleteKey(keyHash: string): Promise<void> {
    await this.db.query('DELETE FROM wechat_binding_keys WHERE key_hash = $1', [keyHash]);
  }

  /**
   * Consumes the key if it is unused, unexpired and its user still active, and binds `openid` to that user
   * (taking it from whoever had it). Null when the key does not work.
   */
  async bindWithKey(
    keyHash: string,
    openid: string,
    at: Date,
  ): Promise<{ userId: number; language: Language } | null> {
    return this.db.transaction(async (tx) => {
      const r = await tx.query<{ user_id: number; language: Language }>(
        `UPDATE wechat_binding_keys k SET used_at = $2
         FROM users u
         WHERE k.key_hash = $1 AND k.used_at IS NULL AND k.expires_at > $2 AND u.id = k.user_id AND NOT u.disabled
         RETURNING k.user_id, u.language`,
        [keyHash, at],
      );
      const row = r.rows[0];
      if (!row) return null;
      const userId = Number(row.user_id);
      await bind(tx, userId, openid, at);
      return { userId, language: row.language };
    });
  }

  async unbindUser(userId: number): Promise<boolean> {
    const r = await this.db.query('DELETE FROM wechat_bindings WHERE user_id = $1', [userId]);
    return r.rowCount > 0;
  }

  async unbindOpenid(openid: string): Promise<boolean> {
    const r = await this.db.query('DELETE FROM wechat_bindings WHERE openid = $1', [openid]);
    return r.rowCount > 0;
  }
}

async function bind(tx: Queryable, userId: number, openid: string, at: Date): Promise<void> {
  await tx.query('DELETE FROM wechat_bindings WHERE openid = $1 AND user_id <> $2', [openid, userId]);
  await tx.query(
    `INSERT INTO wechat_bindings (user_id, openid, bound_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET openid = EXCLUDED.openid, bound_at = EXCLUDED.bound_at`,
    [userId, openid, at],
  );
}
