import type { Language } from '@thunderwatch/shared/languages';
import type { InboxItem, InboxQuery, MarkRead } from '@thunderwatch/shared/schemas/notifications';
import { type AuthUser, requirePermission } from '../../../lib/access.js';
import { AppError } from '../../../lib/app-error.js';
import type { Messages } from '../delivery/templates/message-kind.js';
import type { InboxEntry, InboxRepo } from './inbox-repo.js';

/**
 * The caller's own in-app inbox. Reading and marking one's own messages needs `profile.update`, which every
 * role has; every query is limited to the caller's user id in SQL. Messages are worded when read, in the
 * reader's language and time zone as their profile says now, from what happened (the delivery's facts); a
 * message whose delivery was purged keeps the words it was sent with.
 */
export class InboxService {
  constructor(
    private readonly inbox: Pick<InboxRepo, 'list' | 'reader' | 'markRead' | 'markAllRead'>,
    private readonly messages: Pick<Messages, 'text'>,
    private readonly now: () => Date,
  ) {}

  async list(user: AuthUser, q: InboxQuery): Promise<{ items: InboxItem[]; total: number; unread: number }> {
    requirePermission(user, 'profile.update');
    const [page, reader] = await Promise.all([
      this.inbox.list(user.id, { unreadOnly: q.unread === true, limit: q.limit, offset: q.offset }),
      this.inbox.reader(user.id),
    ]);
    const items = page.entries.map((e) => (reader ? this.worded(e, reader) : e.item));
    return { items, total: page.total, unread: page.unread };
  }

  private worded(e: InboxEntry, reader: { language: Language; timeZone: string }): InboxItem {
    if (!e.payload) return e.item;
    try {
      const { title, body, link } = this.messages.text(e.payload, reader.language, reader.timeZone);
      return { ...e.item, title, body, link };
    } catch {
      // Facts stored by an older version that today's words cannot read: the words it was sent with.
      return e.item;
    }
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
