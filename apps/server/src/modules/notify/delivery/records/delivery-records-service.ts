import { roleCan } from '@thunderwatch/shared/permissions';
import type { DeliveryAttempt, DeliveryRecord } from '@thunderwatch/shared/schemas/notifications';
import { type AuthUser, groupScope, requirePermission } from '../../../../lib/access.js';
import { AppError } from '../../../../lib/app-error.js';
import type { DeliveryRecordsRepo, RecordFilter, RecordScope } from './delivery-records-repo.js';

/**
 * How each message went (channel, status, attempts, errors, latency). Reading needs `profile.update`, which
 * every role has; those who manage distribution see their group's records (admins every group's), everyone
 * else the records addressed to them.
 */
export class DeliveryRecordsService {
  constructor(private readonly records: DeliveryRecordsRepo) {}

  async list(user: AuthUser, filter: RecordFilter): Promise<{ items: DeliveryRecord[]; total: number }> {
    requirePermission(user, 'profile.update');
    return this.records.list(scopeOf(user), filter);
  }

  async attempts(user: AuthUser, deliveryId: number): Promise<{ items: DeliveryAttempt[] }> {
    requirePermission(user, 'profile.update');
    const items = await this.records.attempts(scopeOf(user), deliveryId);
    if (items === null) throw new AppError('notification.delivery_not_found', 404, 'No such delivery');
    return { items };
  }
}

/** The rows a caller reaches: with distribution.manage their group's (admins every group's), else their own. */
function scopeOf(user: AuthUser): RecordScope {
  return roleCan(user.role, 'distribution.manage') ? { groupId: groupScope(user) } : { userId: user.id };
}
