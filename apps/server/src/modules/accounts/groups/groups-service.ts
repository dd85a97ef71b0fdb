import type { GroupDto } from '@thunderwatch/shared/schemas/accounts';
import { isUniqueViolation } from '../../../db/database.js';
import { type AuthUser, canSeeGroup, groupScope, requirePermission } from '../../../lib/access.js';
import { AppError } from '../../../lib/app-error.js';
import type { GroupChanges, GroupsRepo } from './groups-repo.js';

const notFound = () => new AppError('group.not_found', 404, 'No such group');

export class GroupsService {
  constructor(private readonly groups: GroupsRepo) {}

  async list(user: AuthUser, limit: number, offset: number) {
    requirePermission(user, 'group.read');
    return this.groups.list(groupScope(user), limit, offset);
  }

  async create(
    user: AuthUser,
    g: { slug: string; name: string; name_en?: string | null },
  ): Promise<GroupDto> {
    requirePermission(user, 'group.create');
    try {
      const id = await this.groups.create({ slug: g.slug, name: g.name, name_en: g.name_en ?? null });
      return (await this.groups.get(id, null)) as GroupDto;
    } catch (error) {
      if (isUniqueViolation(error, 'groups_slug_key')) {
        throw new AppError('group.slug_taken', 409, 'A group with this slug exists', [
          { field: 'slug', message: 'is taken' },
        ]);
      }
      throw error;
    }
  }

  /** Group admins edit their own group's profile; admins any group (`groupId`, default their own). */
  async updateProfile(user: AuthUser, groupId: number | undefined, changes: GroupChanges): Promise<GroupDto> {
    requirePermission(user, 'group.update');
    const id = groupId ?? user.groupId;
    if (!canSeeGroup(user, id)) throw notFound();
    await this.groups.update(id, changes);
    const group = await this.groups.get(id, groupScope(user));
    if (!group) throw notFound();
    return group;
  }
}
