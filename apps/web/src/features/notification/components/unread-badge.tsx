import { useTranslation } from 'react-i18next';
import { useUnreadCount } from '../api/get-unread-count';
import { useLiveInbox } from '../hooks/use-live-inbox';

/** My unread message count beside the notification entry (and on the phone's menu button); nothing when all are read. */
export function UnreadBadge({ testId = 'nav-unread' }: { testId?: string }) {
  const { t } = useTranslation();
  const unread = useUnreadCount();
  useLiveInbox();
  const count = unread.data ?? 0;
  if (count === 0) return null;
  return (
    <span className="badge badge-warning badge-after" data-testid={testId}>
      {count > 99 ? '99+' : count}
      <span className="visually-hidden"> {t('notification.inbox.unread')}</span>
    </span>
  );
}
