import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { AccessTokens } from '../../lib/tokens.js';
import type { SmsService } from '../notify/sms/sms-service.js';
import { AuthService } from './auth/auth-service.js';
import { LoginFailuresRepo } from './auth/login-failures-repo.js';
import { SessionsRepo } from './auth/sessions-repo.js';
import { GroupsRepo } from './groups/groups-repo.js';
import { GroupsService } from './groups/groups-service.js';
import { UsersRepo } from './users/users-repo.js';
import { UsersService } from './users/users-service.js';
import { VerifyCodesRepo } from './verify-codes/verify-codes-repo.js';
import { VerifyCodesService } from './verify-codes/verify-codes-service.js';

/**
 * The accounts area's part of the composition root: users, groups, sign-in and its tokens, sessions, login
 * failures and phone verification codes (sent through notify's SMS).
 */
export function accountServices(d: {
  config: Pick<Config, 'accessTtlSec' | 'refreshTtlSec'>;
  db: Database;
  now: () => Date;
  jwtSecret: string;
  codeSecret: string;
  sms: SmsService;
}) {
  const { db, now } = d;
  const users = new UsersRepo(db);
  const groups = new GroupsRepo(db);
  const sessions = new SessionsRepo(db);
  const failures = new LoginFailuresRepo(db);
  const codes = new VerifyCodesRepo(db);
  const auth = new AuthService({
    db,
    users,
    sessions,
    failures,
    tokens: new AccessTokens(d.jwtSecret, d.config.accessTtlSec),
    refreshTtlSec: d.config.refreshTtlSec,
    now,
  });
  return {
    usersRepo: users,
    failures,
    codes,
    sessions,
    auth,
    users: new UsersService({ db, users, groups, sessions, now }),
    groups: new GroupsService(groups),
    verifyCodes: new VerifyCodesService({
      db,
      codes,
      users,
      sessions,
      sms: d.sms,
      auth,
      secret: d.codeSecret,
      now,
    }),
    groupExists: async (id: number) => (await groups.get(id, null)) !== null,
  };
}
