import type { DeliveryRecord } from '@thunderwatch/shared/schemas/notifications';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/time';
import { DeliveryAttempts } from './delivery-attempts';

export const DELIVERY_COLUMNS = 9;

const STATUS_BADGE: Record<DeliveryRecord['status'], string> = {
  pending: 'badge-muted',
  sending: 'badge-warning',
  sent: 'badge-ok',
  failed: 'badge-danger',
  suppressed: 'badge-muted',
  cancelled: 'badge-muted',
  folded: 'badge-muted',
};

interface DeliveryRowProps {
  record: DeliveryRecord;
  myId: number | undefined;
  timeZone: string | undefined;
  open: boolean;
  onToggle: () => void;
}

/** One delivery: what, how, to whom and how it went; opening it lists its attempts. */
export function DeliveryRow({ record: r, myId, timeZone, open, onToggle }: DeliveryRowProps) {
  const { t, i18n } = useTranslation();
  const recipient =
    r.recipient.kind === 'user' && Number(r.recipient.value) === myId
      ? t('notification.deliveries.me')
      : `${t(`notification.kind.${r.recipient.kind}`)} ${r.recipient_name ?? r.recipient.value}`;
  return (
    <>
      <tr className="delivery-row" data-testid={`delivery-${r.id}`} onClick={onToggle}>
        <td className="nowrap">{formatDateTime(r.created_at, timeZone, i18n.language)}</td>
        <td>{t(`notification.event.${r.event}`)}</td>
        <td>{t(`notification.channel.${r.channel}`)}</td>
        <td className="delivery-recipient">{recipient}</td>
        <td>
          <span className={`badge ${STATUS_BADGE[r.status]}`}>{t(`notification.status.${r.status}`)}</span>
          {r.reason && <span className="muted"> · {t(`notification.reason.${r.reason}`)}</span>}
        </td>
        <td className="numeric">{r.attempts}</td>
        <td className="delivery-error">{r.last_error ?? ''}</td>
        <td className="numeric">
          {r.latency_ms === null ? '' : t('notification.deliveries.ms', { ms: r.latency_ms })}
        </td>
        <td className="actions">
          <button
            type="button"
            className="button button-small button-secondary"
            aria-expanded={open}
            aria-label={t('notification.deliveries.attempts_of', { id: r.id })}
            onClick={(event) => {
              event.stopPropagation();
              onToggle();
            }}
          >
            {t('notification.deliveries.attempts')}
          </button>
        </td>
      </tr>
      {open && (
        <tr className="delivery-attempts-row">
          <td colSpan={DELIVERY_COLUMNS}>
            <DeliveryAttempts id={r.id} timeZone={timeZone} />
          </td>
        </tr>
      )}
    </>
  );
}
