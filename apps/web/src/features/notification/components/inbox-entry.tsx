import type { InboxItem } from '@thunderwatch/shared/schemas/notifications';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/time';
import { LevelChip } from './level-chip';

interface InboxEntryProps {
  item: InboxItem;
  timeZone: string | undefined;
  onMarkRead: () => void;
  marking: boolean;
}

/** The app's own path of a message link (the board), so it opens without reloading the app. */
function appPath(link: string): string {
  try {
    const url = new URL(link, window.location.origin);
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/realtimealert';
  }
}

/** One message of my inbox: unread ones stand out; an alarm says whether and by whom it was confirmed. */
export function InboxEntry({ item, timeZone, onMarkRead, marking }: InboxEntryProps) {
  const { t, i18n } = useTranslation();
  const when = (iso: string) => formatDateTime(iso, timeZone, i18n.language);
  const unread = item.read_at === null;
  return (
    <li
      className={unread ? 'inbox-entry is-unread' : 'inbox-entry'}
      data-testid={`inbox-${item.id}`}
      data-event={item.event}
      data-level={item.level ?? undefined}
    >
      <div className="inbox-entry-head">
        {item.level !== null && <LevelChip level={item.level} />}
        <h3 className="inbox-entry-title">
          {unread && <span className="visually-hidden">{t('notification.inbox.unread')}: </span>}
          {item.title}
        </h3>
        <time className="inbox-entry-time" dateTime={item.created_at}>
          {when(item.created_at)}
        </time>
      </div>
      <p className="inbox-entry-body">{item.body}</p>
      <div className="inbox-entry-foot">
        {item.alarm_id !== null &&
          (item.alarm_confirmed_at ? (
            <span className="badge badge-ok" data-testid="confirmation">
              {t('notification.inbox.confirmed_by', {
                name: item.alarm_confirmed_by?.name || t('notification.inbox.someone'),
                time: when(item.alarm_confirmed_at),
              })}
            </span>
          ) : (
            <span className="badge badge-warning" data-testid="confirmation">
              {t('notification.inbox.unconfirmed')}
            </span>
          ))}
        {item.link && <Link to={appPath(item.link)}>{t('notification.inbox.open_board')}</Link>}
        {unread && (
          <button
            type="button"
            className="button button-small button-secondary inbox-entry-action"
            aria-label={t('notification.inbox.mark_read_of', { title: item.title })}
            disabled={marking}
            onClick={onMarkRead}
          >
            {t('notification.inbox.mark_read')}
          </button>
        )}
      </div>
    </li>
  );
}
