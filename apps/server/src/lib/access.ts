import type { Permission, Role } from '@thunderwatch/shared/permissions';
import { roleCan } from '@thunderwatch/shared/permissions';
import { AppError } from './app-error.js';

/** The caller of an authenticated request, as loaded fresh from the database on every request. */
export interface AuthUser {
  id: number;
  username: string;
  groupId: number;
  role: Role;
  sessionId: string;
}

export function requirePermission(user: AuthUser, permission: Permission): void {
  if (!roleCan(user.role, permission)) throw new AppError('permission.denied', 403, `Needs ${permission}`);
}

/** The group a list is limited to: null (every group) for admins, else the caller's own group. */
export function groupScope(user: AuthUser): number | null {
  return user.role === 'admin' ? null : user.groupId;
}

/** True when the caller may see records of `groupId`; other groups' records must look absent (404). */
export function canSeeGroup(user: AuthUser, groupId: number): boolean {
  return user.role === 'admin' || user.groupId === groupId;
}
