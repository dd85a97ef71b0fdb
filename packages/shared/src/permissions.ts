export const ROLES = ['admin', 'group_admin', 'operator', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  'profile.update',
  'group.read',
  'group.update',
  'group.create',
  'user.read',
  'user.manage',
  'role.change',
  'password.reset_other',
  'access_log.read',
  'sms_outbox.read',
  'location.read',
  'location.update',
  'zone.update',
  'alarm.confirm',
  'device.manage',
  'distribution.manage',
  'admin.db',
  'feed.manage',
  'model.run',
  'checklist.tick',
  'checklist.manage',
  'layer.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const VIEWER: readonly Permission[] = ['profile.update', 'group.read', 'location.read'];
const OPERATOR: readonly Permission[] = [
  ...VIEWER,
  'location.update',
  'zone.update',
  'alarm.confirm',
  'checklist.tick',
];
const GROUP_ADMIN: readonly Permission[] = [
  ...OPERATOR,
  'group.update',
  'user.read',
  'user.manage',
  'role.change',
  'password.reset_other',
  'access_log.read',
  'device.manage',
  'distribution.manage',
  'layer.manage',
];

/** What each role may do. Admins act on every group; all other roles only inside their own group. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  group_admin: GROUP_ADMIN,
  operator: OPERATOR,
  viewer: VIEWER,
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function roleCan(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** Roles a user of `actor` role may hand out: nobody but an admin can create another admin. */
export function assignableRoles(actor: Role): readonly Role[] {
  if (actor === 'admin') return ROLES;
  if (actor === 'group_admin') return ['group_admin', 'operator', 'viewer'];
  return [];
}
