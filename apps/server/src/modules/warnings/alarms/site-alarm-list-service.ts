import { type AuthUser, requirePermission } from '../../../lib/access.js';
import { readScope } from '../../../lib/group-scope.js';
import { queryFlag } from '../../../lib/query-flag.js';

/** Which of a kind's alarms a list shows: a group's (null: every group), open, cleared or both (null). */
export interface SiteAlarmScope {
  groupId: number | null;
  active: boolean | null;
}

/**
 * A kind's alarm list (`/api/wave_data/alarms`, `/api/weather/typhoon/alarms`, `/api/weather/warning/alarms`):
 * the caller's group's rows, or another group's where the caller may see it, as the kind's repository
 * projects them.
 */
export class SiteAlarmListService<T> {
  constructor(private readonly rows: { list(scope: SiteAlarmScope): Promise<T[]> }) {}

  async list(user: AuthUser, q: { group_id?: number; active?: string }): Promise<{ items: T[] }> {
    requirePermission(user, 'location.read');
    return {
      items: await this.rows.list({ groupId: readScope(user, q.group_id), active: queryFlag(q.active) }),
    };
  }
}
