import type { StoredCode } from '@thunderwatch/domain/accounts/verify-code';
import type { VerifyPurpose } from '@thunderwatch/shared/schemas/accounts';
import type { Queryable } from '../../../db/database.js';

export interface CodeRow extends StoredCode {
  id: number;
  codeHash: string;
}

export class VerifyCodesRepo {
  constructor(private readonly db: Queryable) {}

  /** When the newest code of any purpose went to this phone (the resend limit is per phone). */
  async lastSentAt(phone: string): Promise<number | undefined> {
    const r = await this.db.query<{ at: Date | null }>(
      'SELECT max(created_at) AS at FROM verify_codes WHERE phone = $1',
      [phone],
    );
    return r.rows[0]?.at?.getTime();
  }

  async insert(
    phone: string,
    purpose: VerifyPurpose,
    codeHash: string,
    createdAt: Date,
    expiresAt: Date,
  ): Promise<void> {
    await this.db.query(
      'INSERT INTO verify_codes (phone, purpose, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
      [phone, purpose, codeHash, createdAt, expiresAt],
    );
  }

  /** The newest code for the phone and purpose, locked while it is judged. */
  async lockNewest(phone: string, purpose: VerifyPurpose, db: Queryable): Promise<CodeRow | undefined> {
    const r = await db.query<{
      id: number;
      code_hash: string;
      created_at: Date;
      expires_at: Date;
      attempts: number;
      consumed_at: Date | null;
    }>(
      `SELECT id, code_hash, created_at, expires_at, attempts, consumed_at FROM verify_codes
       WHERE phone = $1 AND purpose = $2 ORDER BY created_at DESC, id DESC LIMIT 1 FOR UPDATE`,
      [phone, purpose],
    );
    const row = r.rows[0];
    if (!row) return undefined;
    return {
      id: row.id,
      codeHash: row.code_hash,
      createdAt: row.created_at.getTime(),
      expiresAt: row.expires_at.getTime(),
      attempts: row.attempts,
      consumed: row.consumed_at !== null,
    };
  }

  async countAttempt(id: number, db: Queryable): Promise<void> {
    await db.query('UPDATE verify_codes SET attempts = attempts + 1 WHERE id = $1', [id]);
  }

  async consume(id: number, at: Date, db: Queryable): Promise<void> {
    await db.query('UPDATE verify_codes SET consumed_at = $2, attempts = attempts + 1 WHERE id = $1', [
      id,
      at,
    ]);
  }

  async purgeBefore(before: Date): Promise<void> {
    await this.db.query('DELETE FROM verify_codes WHERE expires_at < $1', [before]);
  }
}
