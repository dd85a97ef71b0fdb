import type { AlarmDto } from '@thunderwatch/shared/schemas/warnings';
import { type AuthUser, requirePermission } from '../../../lib/access.js';
import { readScope } from '../../../lib/group-scope.js';
import type { AlarmFilter, AlarmsRepo } from './alarms-repo.js';

export type AlarmQuery = Omit<AlarmFilter, 'groupId'> & { groupId?: number };

/** Alarms (level rises someone must confirm) of the caller's group; admins see all or one group. */
export class AlarmsService {
  constructor(private readonly alarms: AlarmsRepo) {}

  async list(
    user: AuthUser,
    q: AlarmQuery,
    limit: number,
    offset: number,
  ): Promise<{ items: AlarmDto[]; total: number }> {
    requirePermission(user, 'location.read');
    const { groupId, ...filter } = q;
    return this.alarms.list({ ...filter, groupId: readScope(user, groupId) }, limit, offset);
  }
}
