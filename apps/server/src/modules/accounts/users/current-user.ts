import { ROLE_PERMISSIONS } from '@thunderwatch/shared/permissions';
import type { CurrentUserDto, UserDto } from '@thunderwatch/shared/schemas/kit';

export function withPermissions(user: UserDto): CurrentUserDto {
  return { ...user, permissions: [...ROLE_PERMISSIONS[user.role]] };
}
