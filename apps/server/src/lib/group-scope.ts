import { type AuthUser, canSeeGroup, groupScope } from './access.js';
import { AppError } from './app-error.js';

const noSuchGroup = () => new AppError('group.not_found', 404, 'No such group');

/**
 * The group a list or statistic reads: `?group_id=` (admins any group, others only their own, else 404),
 * or without it every group for admins and the caller's own group for everyone else.
 */
export function readScope(user: AuthUser, groupId: number | undefined): number | null {
  if (groupId === undefined) return groupScope(user);
  if (!canSeeGroup(user, groupId)) throw noSuchGroup();
  return groupId;
}

/** The group a new record belongs to: the caller's own, or for admins any existing group they name. */
export async function writeGroup(
  user: AuthUser,
  groupId: number | undefined,
  groupExists: (id: number) => Promise<boolean>,
): Promise<number> {
  if (groupId === undefined || groupId === user.groupId) return user.groupId;
  if (!canSeeGroup(user, groupId) || !(await groupExists(groupId))) throw noSuchGroup();
  return groupId;
}
