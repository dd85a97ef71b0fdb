import type { CurrentUserDto, UserDto } from '@thunderwatch/shared/api';
import { ROLE_PERMISSIONS } from '@thunderwatch/shared/permissions';

export function withPermissions(user: UserDto): CurrentUserDto {
  return { ...user, permissions: [...ROLE_PERMISSIONS[user.role]] };
}
