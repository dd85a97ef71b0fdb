import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  type CodeVerdict,
  formatVerifyCode,
  judgeCodeAttempt,
  resendWaitSec,
  VERIFY_CODE_RESEND_MS,
  VERIFY_CODE_TTL_MS,
} from '@thunderwatch/domain/accounts/verify-code';
import type { VerifyPurpose } from '@thunderwatch/shared/schemas/accounts';
import type { LoginResponse } from '@thunderwatch/shared/schemas/kit';
import type { Database } from '../../../db/database.js';
import { AppError } from '../../../lib/app-error.js';
import { assertStrongPassword, hashPassword } from '../../../lib/passwords.js';
import type { SmsService } from '../../notify/sms/sms-service.js';
import { VERIFY_CODE_SMS } from '../../notify/sms/templates.js';
import type { AuthService, ClientInfo } from '../auth/auth-service.js';
import type { SessionsRepo } from '../auth/sessions-repo.js';
import type { UsersRepo } from '../users/users-repo.js';
import type { VerifyCodesRepo } from './verify-codes-repo.js';

export interface VerifyCodesDeps {
  db: Database;
  codes: VerifyCodesRepo;
  users: UsersRepo;
  sessions: SessionsRepo;
  sms: SmsService;
  auth: AuthService;
  /** Key for hashing stored codes: a stolen table alone does not reveal them. */
  secret: string;
  now: () => Date;
}

const VERDICT_ERRORS: Record<Exclude<CodeVerdict, 'ok'>, AppError> = {
  wrong: new AppError('verify_code.invalid', 400, 'Verification code is wrong', [
    { field: 'code', message: 'is wrong' },
  ]),
  missing: new AppError('verify_code.invalid', 400, 'No valid verification code for this phone', [
    { field: 'code', message: 'is wrong' },
  ]),
  expired: new AppError('verify_code.expired', 400, 'Verification code has expired', [
    { field: 'code', message: 'expired' },
  ]),
  too_many_attempts: new AppError(
    'verify_code.too_many_attempts',
    400,
    'Too many wrong codes; request a new one',
    [{ field: 'code', message: 'too many attempts' }],
  ),
};

/** Phone verify codes: 6 digits, 5 minutes, 5 attempts, one send per phone per minute, stored as HMACs. */
export class VerifyCodesService {
  constructor(private readonly d: VerifyCodesDeps) {}

  private hash(phone: string, purpose: VerifyPurpose, code: string): string {
    return createHmac('sha256', this.d.secret).update(`${phone}\n${purpose}\n${code}`).digest('base64url');
  }

  async send(phone: string, purpose: VerifyPurpose): Promise<{ sent: true; resend_after: number }> {
    const now = this.d.now();
    const wait = resendWaitSec(await this.d.codes.lastSentAt(phone), now.getTime());
    if (wait > 0)
      throw new AppError(
        'verify_code.too_soon',
        429,
        `Wait ${wait} s before asking for another code`,
        undefined,
        wait,
      );
    const code = formatVerifyCode(randomInt);
    const expires = new Date(now.getTime() + VERIFY_CODE_TTL_MS);
    await this.d.codes.insert(phone, purpose, this.hash(phone, purpose, code), now, expires);
    // An unknown phone gets the same answer and the same limit, but no message: no account enumeration.
    const user = await this.d.users.idByPhone(phone);
    if (user && !user.disabled) {
      const template = VERIFY_CODE_SMS[user.language];
      await this.d.sms.send(phone, template(code), template('******'));
    }
    return { sent: true, resend_after: VERIFY_CODE_RESEND_MS / 1000 };
  }

  /** Judges a code; a wrong one costs an attempt even though the request fails. */
  private async check(phone: string, purpose: VerifyPurpose, code: string, consume: boolean): Promise<void> {
    const now = this.d.now();
    const verdict = await this.d.db.transaction(async (tx) => {
      const row = await this.d.codes.lockNewest(phone, purpose, tx);
      const expected = row ? Buffer.from(row.codeHash) : Buffer.alloc(0);
      const given = Buffer.from(this.hash(phone, purpose, code));
      const matches = expected.length === given.length && timingSafeEqual(expected, given);
      const v = judgeCodeAttempt(row, matches, now.getTime());
      if (row && v === 'wrong') await this.d.codes.countAttempt(row.id, tx);
      if (row && v === 'ok' && consume) await this.d.codes.consume(row.id, now, tx);
      return v;
    });
    if (verdict !== 'ok') throw VERDICT_ERRORS[verdict];
  }

  async loginWithCode(phone: string, code: string, client: ClientInfo): Promise<LoginResponse> {
    await this.check(phone, 'login', code, true);
    const user = await this.d.users.idByPhone(phone);
    if (!user) throw VERDICT_ERRORS.missing;
    if (user.disabled) throw new AppError('auth.user_disabled', 403, 'This account is disabled');
    return this.d.auth.startSession(user.id, client);
  }

  /** Lets the reset screen confirm the code before asking for the new password; does not use it up. */
  async checkResetCode(phone: string, code: string): Promise<{ valid: true }> {
    await this.check(phone, 'reset_password', code, false);
    return { valid: true };
  }

  async resetPassword(phone: string, code: string, password: string): Promise<void> {
    assertStrongPassword(password, 'password');
    await this.check(phone, 'reset_password', code, true);
    const user = await this.d.users.idByPhone(phone);
    if (!user) throw VERDICT_ERRORS.missing;
    const hash = await hashPassword(password);
    await this.d.db.transaction(async (tx) => {
      await this.d.users.update(user.id, { password_hash: hash }, tx);
      await this.d.sessions.revokeAllOfUser(user.id, this.d.now(), null, tx);
    });
  }
}
