import { randomUUID } from 'node:crypto';
import { slidingWindow } from '@thunderwatch/domain/common/sliding-window';
import type { LoginResponse, TokenPair } from '@thunderwatch/shared/schemas/kit';
import type { Database } from '../../../db/database.js';
import { type AuthUser, requirePermission } from '../../../lib/access.js';
import { AppError } from '../../../lib/app-error.js';
import {
  assertStrongPassword,
  dummyPasswordHash,
  hashPassword,
  verifyPassword,
} from '../../../lib/passwords.js';
import { type AccessTokens, newRefreshToken, sha256 } from '../../../lib/tokens.js';
import { withPermissions } from '../users/current-user.js';
import type { UsersRepo } from '../users/users-repo.js';
import type { LoginFailuresRepo } from './login-failures-repo.js';
import type { SessionsRepo } from './sessions-repo.js';

export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export interface AuthServiceDeps {
  db: Database;
  users: UsersRepo;
  sessions: SessionsRepo;
  failures: LoginFailuresRepo;
  tokens: AccessTokens;
  refreshTtlSec: number;
  now: () => Date;
}

export class AuthService {
  constructor(private readonly d: AuthServiceDeps) {}

  async login(login: string, password: string, client: ClientInfo): Promise<LoginResponse> {
    const account = login.trim().toLowerCase();
    const now = this.d.now();
    const recent = await this.d.failures.since(
      account,
      client.ip,
      new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS),
    );
    const verdict = slidingWindow(recent, now.getTime(), LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS);
    if (!verdict.allowed) {
      throw new AppError(
        'auth.too_many_attempts',
        429,
        'Too many failed logins; try again later',
        undefined,
        verdict.retryAfterSec,
      );
    }
    const creds = await this.d.users.credentialsByLogin(login.trim());
    const ok = await verifyPassword(password, creds?.passwordHash ?? (await dummyPasswordHash()));
    if (!creds || !ok) {
      await this.d.failures.record(account, client.ip, now);
      throw new AppError('auth.invalid_credentials', 401, 'Wrong username or password');
    }
    if (creds.disabled) throw new AppError('auth.user_disabled', 403, 'This account is disabled');
    await this.d.failures.clear(account, client.ip);
    return this.startSession(creds.id, client);
  }

  /** Opens a session for a user who has proven who they are (password or verify code). */
  async startSession(userId: number, client: ClientInfo): Promise<LoginResponse> {
    const now = this.d.now();
    const sessionId = randomUUID();
    const expiresAt = new Date(now.getTime() + this.d.refreshTtlSec * 1000);
    const refresh = newRefreshToken();
    await this.d.db.transaction(async (tx) => {
      await this.d.sessions.create({ id: sessionId, userId, expiresAt, ...client }, tx);
      await this.d.sessions.addRefreshToken(sessionId, sha256(refresh), expiresAt, tx);
    });
    const user = await this.d.users.get(userId, null);
    if (!user) throw new AppError('user.not_found', 404);
    const access = await this.d.tokens.sign({ sub: String(userId), sid: sessionId });
    return { access, refresh, user: withPermissions(user) };
  }

  /** Rotates a refresh token. A token used twice means it leaked: its whole session is revoked. */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const now = this.d.now();
    const hash = sha256(refreshToken);
    const outcome = await this.d.db.transaction(async (tx) => {
      const rec = await this.d.sessions.lockRefresh(hash, tx);
      if (!rec) return { kind: 'invalid' as const };
      if (rec.usedAt) {
        await this.d.sessions.revoke(rec.sessionId, now, tx);
        return { kind: 'reused' as const };
      }
      const dead =
        rec.sessionRevokedAt || rec.sessionExpiresAt <= now || rec.tokenExpiresAt <= now || rec.userDisabled;
      if (dead) return { kind: 'invalid' as const };
      const next = newRefreshToken();
      await this.d.sessions.markUsed(hash, now, tx);
      const expiresAt = new Date(now.getTime() + this.d.refreshTtlSec * 1000);
      await this.d.sessions.addRefreshToken(rec.sessionId, sha256(next), expiresAt, tx);
      return { kind: 'ok' as const, refresh: next, sessionId: rec.sessionId, userId: rec.userId };
    });
    if (outcome.kind === 'reused') {
      throw new AppError(
        'auth.refresh_reused',
        401,
        'Refresh token was already used; the session has been ended',
      );
    }
    if (outcome.kind === 'invalid')
      throw new AppError('auth.invalid_refresh', 401, 'Refresh token is invalid or expired');
    const access = await this.d.tokens.sign({ sub: String(outcome.userId), sid: outcome.sessionId });
    return { access, refresh: outcome.refresh };
  }

  /**
   * The caller behind an access token: a valid signature and expiry, and a live session of an enabled
   * user (role and group read fresh, so changes apply at once). Used by HTTP and the socket alike.
   */
  async callerOf(token: string): Promise<AuthUser | 'invalid_token' | 'session_revoked'> {
    const claims = await this.d.tokens.verify(token);
    if (!claims) return 'invalid_token';
    const user = await this.d.sessions.findLiveSessionUser(claims.sid, Number(claims.sub), this.d.now());
    return user ?? 'session_revoked';
  }

  async logout(user: AuthUser): Promise<void> {
    await this.d.sessions.revoke(user.sessionId, this.d.now());
  }

  /** Changes the caller's password and signs out every other session of theirs. */
  async changePassword(user: AuthUser, oldPassword: string, newPassword: string): Promise<void> {
    requirePermission(user, 'profile.update');
    assertStrongPassword(newPassword, 'new_password');
    const creds = await this.d.users.credentialsById(user.id);
    if (!creds || !(await verifyPassword(oldPassword, creds.passwordHash))) {
      throw new AppError('auth.wrong_password', 400, 'Current password is wrong', [
        { field: 'old_password', message: 'is wrong' },
      ]);
    }
    const hash = await hashPassword(newPassword);
    await this.d.db.transaction(async (tx) => {
      await this.d.users.update(user.id, { password_hash: hash }, tx);
      await this.d.sessions.revokeAllOfUser(user.id, this.d.now(), user.sessionId, tx);
    });
  }
}
