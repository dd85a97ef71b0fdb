import type { InboxItem, InboxQuery, MarkRead } from '@thunderwatch/shared/schemas/notifications';
import { type AuthUser, requirePermission } from '../../../lib/access.js';
import { AppError } from '../../../lib/app-error.js';
import type { InboxRepo } from './inbox-repo.js';

/**
 * The caller's own in-app inbox. Reading and marking one's own messages needs `profile.update`, which every
 * role has; every query is limited to the caller's user id in SQL.
 */
export class InboxService {
  constructor(
    private readonly inbox: Pick<InboxRepo, 'list' | 'markRead' | 'markAllRead'>,
    private readonly now: () => Date,
  ) {}

  async list(user: AuthUser, q: InboxQuery): Promise<{ items: InboxItem[]; total: number; unread: number }> {
    requirePermission(user, 'profile.update');
    return this.inbox.list(user.id, { unreadOnly: q.unread === true, limit: q.limit, offset: q.offset });
  }

  /** Marks messages read; other users' ids and messages already read are left as they are. */
  async markRead(user: AuthUser, body: MarkRead): Promise<{ updated: number }> {
    requirePermission(user, 'profile.update');
    if ((body.ids === undefined) === (body.all !== true)) {
      throw new AppError('validation.failed', 400, 'Give either ids or all: true', [
        { field: body.ids === undefined ? 'ids' : 'all', message: 'give either ids or all: true' },
      ]);
    }
    const at = this.now();
    const updated = body.ids
      ? await this.inbox.markRead(user.id, body.ids, at)
      : await this.inbox.markAllRead(user.id, at);
    return { updated };
  }
}
