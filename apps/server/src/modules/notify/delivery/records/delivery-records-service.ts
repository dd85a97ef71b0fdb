import { roleCan } from '@thunderwatch/shared/permissions';
import type { DeliveryAttempt, DeliveryRecord } from '@thunderwatch/shared/schemas/notifications';
import { type AuthUser, groupScope } from '../../../../lib/access.js';
import { AppError } from '../../../../lib/app-error.js';
import type { DeliveryRecordsRepo, RecordFilter, RecordScope } from './delivery-records-repo.js';

/**
 * How each message went (channel, status, attempts, errors, latency). Those who manage distribution see
 * their group's records (admins every group's); everyone else sees the records addressed to them.
 */
export class DeliveryRecordsService {
  constructor(private readonly records: DeliveryRecordsRepo) {}

  list(user: AuthUser, filter: RecordFilter): Promise<{ items: DeliveryRecord[]; total: number }> {
    return this.records.list(scopeOf(user), filter);
  }

  async attempts(user: AuthUser, deliveryId: number): Promise<{ items: DeliveryAttempt[] }> {
    const items = await this.records.attempts(scopeOf(user), deliveryId);
    if (items === null) throw new AppError('notification.delivery_not_found', 404, 'No such delivery');
    return { items };
  }
}

/** The access check of both reads: it decides the rows a caller can reach, instead of refusing. */
function scopeOf(user: AuthUser): RecordScope {
  return roleCan(user.role, 'distribution.manage') ? { groupId: groupScope(user) } : { userId: user.id };
}
