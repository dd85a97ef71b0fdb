import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { formatDateTime } from '../../../lib/time';
import { useDeliveryAttempts } from '../api/get-delivery-attempts';

/** Every send attempt of one delivery: when, how long, and how it ended. */
export function DeliveryAttempts({ id, timeZone }: { id: number; timeZone: string | undefined }) {
  const { t, i18n } = useTranslation();
  const attempts = useDeliveryAttempts(id);
  if (attempts.error) return <ErrorMessage error={attempts.error} />;
  if (!attempts.data) return <p role="status">{t('common.loading')}</p>;
  if (attempts.data.items.length === 0) return <p className="muted">{t('notification.attempts.none')}</p>;
  return (
    <ol className="delivery-attempts" aria-label={t('notification.attempts.title')}>
      {attempts.data.items.map((a) => (
        <li key={a.attempt}>
          {t('notification.attempts.line', {
            n: a.attempt,
            time: formatDateTime(a.started_at, timeZone, i18n.language),
            ms: Math.round(a.duration_ms),
          })}{' '}
          {a.ok ? (
            <span className="badge badge-ok">{t('notification.attempts.ok')}</span>
          ) : (
            <span className="badge badge-danger">{a.error ?? t('notification.attempts.failed')}</span>
          )}
        </li>
      ))}
    </ol>
  );
}
