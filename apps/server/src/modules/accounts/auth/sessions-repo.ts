import type { Role } from '@thunderwatch/shared/permissions';
import type { Queryable } from '../../../db/database.js';
import type { AuthUser } from '../../../lib/access.js';

export interface RefreshRecord {
  sessionId: string;
  userId: number;
  tokenExpiresAt: Date;
  usedAt: Date | null;
  sessionRevokedAt: Date | null;
  sessionExpiresAt: Date;
  userDisabled: boolean;
}

/** Sessions (one per login) and their rotating refresh-token families. */
export class SessionsRepo {
  constructor(private readonly db: Queryable) {}

  async create(
    s: { id: string; userId: number; expiresAt: Date; ip: string; userAgent: string },
    db: Queryable = this.db,
  ): Promise<void> {
    await db.query(
      'INSERT INTO sessions (id, user_id, expires_at, ip, user_agent) VALUES ($1, $2, $3, $4, $5)',
      [s.id, s.userId, s.expiresAt, s.ip, s.userAgent.slice(0, 512)],
    );
  }

  async addRefreshToken(
    sessionId: string,
    tokenHash: string,
    expiresAt: Date,
    db: Queryable = this.db,
  ): Promise<void> {
    await db.query('INSERT INTO refresh_tokens (token_hash, session_id, expires_at) VALUES ($1, $2, $3)', [
      tokenHash,
      sessionId,
      expiresAt,
    ]);
  }

  /** The refresh token row, locked for rotation. */
  async lockRefresh(tokenHash: string, db: Queryable): Promise<RefreshRecord | null> {
    const r = await db.query<{
      session_id: string;
      user_id: number;
      expires_at: Date;
      used_at: Date | null;
      revoked_at: Date | null;
      session_expires_at: Date;
      disabled: boolean;
    }>(
      `SELECT rt.session_id, s.user_id, rt.expires_at, rt.used_at, s.revoked_at, s.expires_at AS session_expires_at,
              u.disabled
       FROM refresh_tokens rt JOIN sessions s ON s.id = rt.session_id JOIN users u ON u.id = s.user_id
       WHERE rt.token_hash = $1 FOR UPDATE OF rt`,
      [tokenHash],
    );
    const row = r.rows[0];
    if (!row) return null;
    return {
      sessionId: row.session_id,
      userId: row.user_id,
      tokenExpiresAt: row.expires_at,
      usedAt: row.used_at,
      sessionRevokedAt: row.revoked_at,
      sessionExpiresAt: row.session_expires_at,
      userDisabled: row.disabled,
    };
  }

  async markUsed(tokenHash: string, at: Date, db: Queryable): Promise<void> {
    await db.query('UPDATE refresh_tokens SET used_at = $2 WHERE token_hash = $1', [tokenHash, at]);
  }

  async revoke(sessionId: string, at: Date, db: Queryable = this.db): Promise<void> {
    await db.query('UPDATE sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [
      sessionId,
      at,
    ]);
  }

  /** Ends every session of a user except `keep` (the caller's own, when changing their password). */
  /** Sessions that expired before `before` are of no use to anyone any more. */
  async purgeExpiredBefore(before: Date): Promise<void> {
    await this.db.query('DELETE FROM sessions WHERE expires_at < $1', [before]);
  }

  async revokeAllOfUser(
    userId: number,
    at: Date,
    keep: string | null = null,
    db: Queryable = this.db,
  ): Promise<void> {
    await db.query(
      'UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL AND ($3::uuid IS NULL OR id <> $3)',
      [userId, at, keep],
    );
  }

  /** The caller behind an access token, if its session is live and the user enabled. */
  async findLiveSessionUser(sessionId: string, userId: number, now: Date): Promise<AuthUser | null> {
    if (!/^[0-9a-f-]{36}$/i.test(sessionId) || !Number.isSafeInteger(userId)) return null;
    const r = await this.db.query<{ id: number; username: string; group_id: number; role: Role }>(
      `SELECT u.id, u.username, u.group_id, u.role FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.id = $1 AND u.id = $2 AND s.revoked_at IS NULL AND s.expires_at > $3 AND NOT u.disabled`,
      [sessionId, userId, now],
    );
    const row = r.rows[0];
    return row
      ? { id: row.id, username: row.username, groupId: row.group_id, role: row.role, sessionId }
      : null;
  }
}
