import type { Language } from '@thunderwatch/shared/languages';
import { assignableRoles, ROLE_PERMISSIONS, ROLES, type Role } from '@thunderwatch/shared/permissions';
import type { RoleList } from '@thunderwatch/shared/schemas/accounts';
import type { CurrentUserDto, NotificationPrefs, UserDto } from '@thunderwatch/shared/schemas/kit';
import { type Database, isUniqueViolation, type Queryable } from '../../../db/database.js';
import { type AuthUser, canSeeGroup, groupScope, requirePermission } from '../../../lib/access.js';
import { AppError } from '../../../lib/app-error.js';
import { assertStrongPassword, generatePassword, hashPassword } from '../../../lib/passwords.js';
import type { GroupsRepo } from '../groups/groups-repo.js';
import { withPermissions } from './current-user.js';
import type { UserChanges, UsersRepo } from './users-repo.js';

export interface ProfileChanges {
  name?: string;
  phone?: string | null;
  email?: string | null;
  language?: Language;
  time_zone?: string;
  notification_prefs?: NotificationPrefs;
}

export interface NewUserInput {
  username: string;
  password: string;
  role: Role;
  name?: string;
  phone?: string | null;
  email?: string | null;
  group_id?: number;
}

const userNotFound = () => new AppError('user.not_found', 404, 'No such user');

function conflict(error: unknown): never {
  if (isUniqueViolation(error, 'users_username_key')) {
    throw new AppError('user.username_taken', 409, 'Username is taken', [
      { field: 'username', message: 'is taken' },
    ]);
  }
  if (isUniqueViolation(error, 'users_phone_key')) {
    throw new AppError('user.phone_taken', 409, 'Phone number belongs to another user', [
      { field: 'phone', message: 'is taken' },
    ]);
  }
  throw error;
}

/** What users need of the sessions: ending every session of a user, in the caller's transaction. */
export interface UserSessions {
  revokeAllOfUser(userId: number, at: Date, keep: string | null, db: Queryable): Promise<void>;
}

export class UsersService {
  constructor(
    private readonly d: {
      db: Database;
      users: UsersRepo;
      groups: GroupsRepo;
      /** The signed-in sessions (they belong to auth): disabling a user or resetting a password ends them. */
      sessions: UserSessions;
      now: () => Date;
    },
  ) {}

  async current(user: AuthUser): Promise<CurrentUserDto> {
    const dto = await this.d.users.get(user.id, null);
    if (!dto) throw userNotFound();
    return withPermissions(dto);
  }

  async updateOwnProfile(user: AuthUser, changes: ProfileChanges): Promise<CurrentUserDto> {
    requirePermission(user, 'profile.update');
    if (changes.time_zone !== undefined) assertTimeZone(changes.time_zone);
    await this.d.users.update(user.id, changes).catch(conflict);
    return this.current(user);
  }

  async setLanguage(user: AuthUser, language: Language): Promise<void> {
    requirePermission(user, 'profile.update');
    await this.d.users.update(user.id, { language });
  }

  async list(
    user: AuthUser,
    q: { group_id?: number; recipients_of?: number; q?: string; limit: number; offset: number },
  ) {
    requirePermission(user, 'user.read');
    const scope = groupScope(user);
    if (q.recipients_of !== undefined)
      return this.recipientCandidates(user, { ...q, recipients_of: q.recipients_of });
    if (q.group_id !== undefined && !canSeeGroup(user, q.group_id)) {
      throw new AppError('group.not_found', 404, 'No such group');
    }
    return this.d.users.list({ groupId: q.group_id ?? scope, q: q.q, limit: q.limit, offset: q.offset });
  }

  /**
   * Who may be on the distribution lists of a group the caller sees: its users and the administrators (as
   * the lists' check has it). Administrators of groups the caller cannot see are shown by name only: no
   * phone or e-mail, and no match on their phone number.
   */
  private async recipientCandidates(
    user: AuthUser,
    q: { group_id?: number; recipients_of: number; q?: string; limit: number; offset: number },
  ) {
    if (q.group_id !== undefined) {
      throw new AppError('validation.failed', 400, 'group_id and recipients_of exclude each other', [
        { field: 'recipients_of', message: 'cannot be combined with group_id' },
      ]);
    }
    if (!canSeeGroup(user, q.recipients_of)) throw new AppError('group.not_found', 404, 'No such group');
    const page = await this.d.users.list({
      groupId: q.recipients_of,
      withAdmins: true,
      phoneScope: groupScope(user),
      q: q.q,
      limit: q.limit,
      offset: q.offset,
    });
    const shown = (u: UserDto): UserDto =>
      canSeeGroup(user, u.group.id) ? u : { ...u, phone: null, email: null };
    return { ...page, items: page.items.map(shown) };
  }

  async create(user: AuthUser, input: NewUserInput): Promise<UserDto> {
    requirePermission(user, 'user.manage');
    const groupId = input.group_id ?? user.groupId;
    if (!canSeeGroup(user, groupId) || !(await this.d.groups.get(groupId, null))) {
      throw new AppError('group.not_found', 404, 'No such group');
    }
    this.assertAssignable(user, input.role);
    assertStrongPassword(input.password, 'password');
    const id = await this.d.users
      .create({
        groupId,
        username: input.username,
        passwordHash: await hashPassword(input.password),
        role: input.role,
        name: input.name ?? '',
        phone: input.phone ?? null,
        email: input.email ?? null,
      })
      .catch(conflict);
    return (await this.d.users.get(id, null)) as UserDto;
  }

  /** Edits another user of the caller's reach; disabling ends all their sessions. */
  async update(
    user: AuthUser,
    id: number,
    changes: Pick<UserChanges, 'name' | 'phone' | 'email' | 'disabled'>,
  ): Promise<UserDto> {
    requirePermission(user, 'user.manage');
    const target = await this.manageable(user, id);
    if (changes.disabled !== undefined && target.id === user.id) {
      throw new AppError('user.cannot_change_self', 400, 'You cannot disable yourself', [
        { field: 'disabled', message: 'not for your own account' },
      ]);
    }
    await this.d.db
      .transaction(async (tx) => {
        await this.d.users.update(id, changes, tx);
        if (changes.disabled) await this.d.sessions.revokeAllOfUser(id, this.d.now(), null, tx);
      })
      .catch(conflict);
    return (await this.d.users.get(id, null)) as UserDto;
  }

  roles(user: AuthUser): RoleList {
    requirePermission(user, 'group.read');
    const assignable = assignableRoles(user.role);
    return {
      items: ROLES.map((name) => ({
        name,
        permissions: [...ROLE_PERMISSIONS[name]],
        assignable: assignable.includes(name),
      })),
    };
  }

  async changeRole(user: AuthUser, id: number, role: Role): Promise<UserDto> {
    requirePermission(user, 'role.change');
    const target = await this.manageable(user, id);
    if (target.id === user.id) {
      throw new AppError('user.cannot_change_self', 400, 'You cannot change your own role', [
        { field: 'user_id', message: 'is yourself' },
      ]);
    }
    this.assertAssignable(user, role);
    await this.d.users.update(id, { role });
    return (await this.d.users.get(id, null)) as UserDto;
  }

  /** Sets a new password (generated when none is given, returned once) and ends the user's sessions. */
  async resetPassword(
    user: AuthUser,
    id: number,
    password?: string,
  ): Promise<{ status: 'ok'; password?: string }> {
    requirePermission(user, 'password.reset_other');
    await this.manageable(user, id);
    if (password !== undefined) assertStrongPassword(password, 'password');
    const chosen = password ?? generatePassword();
    const hash = await hashPassword(chosen);
    await this.d.db.transaction(async (tx) => {
      await this.d.users.update(id, { password_hash: hash }, tx);
      await this.d.sessions.revokeAllOfUser(id, this.d.now(), null, tx);
    });
    return password === undefined ? { status: 'ok', password: chosen } : { status: 'ok' };
  }

  /** A user the caller may manage: in their reach (else 404) and of a role they could hand out (else 403). */
  private async manageable(user: AuthUser, id: number): Promise<UserDto> {
    const target = await this.d.users.get(id, groupScope(user));
    if (!target) throw userNotFound();
    if (target.id !== user.id && !assignableRoles(user.role).includes(target.role)) {
      throw new AppError('permission.denied', 403, 'This user has a role above yours');
    }
    return target;
  }

  private assertAssignable(user: AuthUser, role: Role): void {
    if (!assignableRoles(user.role).includes(role)) {
      throw new AppError('role.not_assignable', 403, `You cannot hand out the role ${role}`, [
        { field: 'role', message: 'not assignable by you' },
      ]);
    }
  }
}

export function assertTimeZone(tz: string): void {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
  } catch {
    throw new AppError('validation.failed', 400, `Unknown time zone ${tz}`, [
      { field: 'time_zone', message: 'unknown time zone' },
    ]);
  }
}
