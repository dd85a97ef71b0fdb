import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { Pager } from '../../../components/pager';
import { useCurrentUser } from '../../../lib/current-user';
import { useInbox } from '../api/get-inbox';
import { useMarkRead } from '../api/mark-read';
import { InboxEntry } from './inbox-entry';

const PAGE_SIZE = 20;

/** My in-app inbox: newest first, unread ones marked, read one by one or all at once. */
export function InboxPanel() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [offset, setOffset] = useState(0);
  const inbox = useInbox({ unread: unreadOnly, limit: PAGE_SIZE, offset });
  const markRead = useMarkRead();
  const items = inbox.data?.items ?? [];
  const total = inbox.data?.total ?? 0;
  const unread = inbox.data?.unread ?? 0;
  const pageEmptied = inbox.data !== undefined && items.length === 0 && offset > 0 && offset >= total;
  // Reading the last messages of a page beyond the first (unread only) leaves it empty: go back a page.
  useEffect(() => {
    if (pageEmptied) setOffset((current) => Math.max(0, current - PAGE_SIZE));
  }, [pageEmptied]);

  return (
    <div className="inbox">
      <div className="toolbar">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={unreadOnly}
            onChange={(event) => {
              setUnreadOnly(event.target.checked);
              setOffset(0);
            }}
          />
          {t('notification.inbox.unread_only')}
        </label>
        <span className="muted" data-testid="unread-count">
          {t('notification.inbox.unread_count', { count: unread })}
        </span>
        <div className="toolbar-end">
          <button
            type="button"
            className="button button-small"
            disabled={unread === 0 || markRead.isPending}
            onClick={() => markRead.mutate({ all: true })}
          >
            {t('notification.inbox.mark_all_read')}
          </button>
        </div>
      </div>
      <ErrorMessage error={inbox.error ?? markRead.error} />
      {items.length === 0 ? (
        <p className="panel inbox-empty" role={inbox.isPending ? 'status' : undefined}>
          {inbox.isPending
            ? t('common.loading')
            : unreadOnly
              ? t('notification.inbox.empty_unread')
              : t('notification.inbox.empty')}
        </p>
      ) : (
        <ul className="inbox-list" aria-label={t('notification.inbox.title')}>
          {items.map((item) => (
            <InboxEntry
              key={item.id}
              item={item}
              timeZone={user.data?.time_zone}
              marking={markRead.isPending}
              onMarkRead={() => markRead.mutate({ ids: [item.id] })}
            />
          ))}
        </ul>
      )}
      {total > PAGE_SIZE && (
        <Pager
          offset={offset}
          limit={PAGE_SIZE}
          total={total}
          onOffsetChange={setOffset}
          label={t('notification.inbox.pages')}
        />
      )}
    </div>
  );
}
