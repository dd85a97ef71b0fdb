import { siteNameIn } from '@thunderwatch/shared/names';
import type { AlertDto } from '@thunderwatch/shared/schemas/alerts';
import type { AlarmDto } from '@thunderwatch/shared/schemas/warnings';
import { LEVEL_COLOURS } from '@thunderwatch/shared/warnings';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { formatDateTime } from '../../../lib/time';
import { useAlarmDeliveries, useAlertAlarms } from '../api/alert-history';
import { formatLead, timelineSegments, warnedText } from '../model/alert-format';
import { AlertLevelChip } from './level-chip';

interface AlertDetailProps {
  alert: AlertDto;
  timeZone: string;
  nowMs: number;
  onCap: () => void;
  capPending: boolean;
  /** Shown apart from its row (a linked episode not on the page): a button closes it. */
  onClose?: () => void;
}

/** One episode: its levels over time, strokes per ring, lead times, the alarms it raised and who was told. */
export function AlertDetail({ alert, timeZone, nowMs, onCap, capPending, onClose }: AlertDetailProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const time = (iso: string) => formatDateTime(iso, timeZone, language);
  const segments = timelineSegments(alert, nowMs);
  const rings = [...alert.ring_counts].sort((a, b) => a.radius_km - b.radius_km);
  const timeline = [...alert.timeline].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));

  return (
    <div className="ah-detail" data-testid="alert-detail">
      <div className="ah-detail-head">
        <h2>{t('alert_history.detail_title', { location: siteNameIn(i18n.language, alert) })}</h2>
        <div className="ah-detail-actions">
          <button
            type="button"
            className="button button-small button-secondary"
            onClick={onCap}
            disabled={capPending}
          >
            {t('alert_history.download_cap')}
          </button>
          {onClose && (
            <button type="button" className="button button-small button-secondary" onClick={onClose}>
              {t('alert_history.hide_details')}
            </button>
          )}
        </div>
      </div>
      <dl className="ah-facts">
        <dt>{t('alert_history.warned_label')}</dt>
        <dd data-testid="detail-warned">{warnedText(alert, t, language)}</dd>
        <dt>{t('alert_history.lead_time')}</dt>
        <dd>
          {alert.lead_time_min === null
            ? '—'
            : t('alert_history.lead_min', { lead: formatLead(alert.lead_time_min, language) })}
        </dd>
        <dt>{t('alert_history.predicted')}</dt>
        <dd>
          {alert.predicted
            ? alert.predicted_lead_min === null
              ? t('alert_history.predicted_no_ring')
              : t('alert_history.predicted_lead', { lead: formatLead(alert.predicted_lead_min, language) })
            : t('alert_history.predicted_no')}
        </dd>
        <dt>{t('alert_history.ring_at')}</dt>
        <dd>{alert.ring_at ? time(alert.ring_at) : '—'}</dd>
        <dt>{t('alert_history.nearest')}</dt>
        <dd>
          {alert.nearest_km === null
            ? '—'
            : t('alert_history.km', { km: formatLead(alert.nearest_km, language) })}
        </dd>
        <dt>{t('alert_history.first_stroke')}</dt>
        <dd>
          {alert.first_stroke
            ? t('alert_history.first_stroke_at', {
                time: time(alert.first_stroke.time),
                km: formatLead(alert.first_stroke.distance_km, language),
              })
            : '—'}
        </dd>
      </dl>

      <h3>{t('alert_history.timeline')}</h3>
      {segments.length > 0 && (
        <div className="ah-bar" role="img" aria-label={t('alert_history.timeline_bar')}>
          {segments.map((s) => (
            <span
              key={s.startMs}
              className={s.predicted ? 'ah-bar-part ah-bar-predicted' : 'ah-bar-part'}
              style={{ flexGrow: s.share, backgroundColor: LEVEL_COLOURS[s.level] }}
              title={`${time(new Date(s.startMs).toISOString())} · ${t(`alert_history.level.${s.level}`)}`}
            />
          ))}
        </div>
      )}
      <ol className="ah-timeline" data-testid="alert-timeline">
        {timeline.map((entry) => (
          <li key={`${entry.at}-${entry.level}`}>
            <time dateTime={entry.at}>{time(entry.at)}</time>
            <AlertLevelChip level={entry.level} predicted={Boolean(entry.predicted)} />
          </li>
        ))}
      </ol>

      <h3>{t('alert_history.rings')}</h3>
      <div className="table-wrap">
        <table className="table table-dense ah-rings" data-testid="alert-rings">
          <thead>
            <tr>
              <th scope="col" className="numeric">
                {t('alert_history.ring_radius')}
              </th>
              <th scope="col">{t('alert_history.ring_level')}</th>
              <th scope="col" className="numeric">
                {t('alert_history.ring_strokes')}
              </th>
              <th scope="col">{t('alert_history.ring_first')}</th>
            </tr>
          </thead>
          <tbody>
            {rings.map((ring) => (
              <tr key={ring.radius_km}>
                <td className="numeric">{t('alert_history.km', { km: ring.radius_km })}</td>
                <td>
                  <AlertLevelChip level={ring.level} />
                </td>
                <td className="numeric">{ring.strokes}</td>
                <td className="nowrap">{ring.first_at ? time(ring.first_at) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <AlarmsOfAlert alert={alert} timeZone={timeZone} />
    </div>
  );
}

/** The alarms the episode raised: when, at which level, who confirmed them, and whom their messages reached. */
function AlarmsOfAlert({ alert, timeZone }: { alert: AlertDto; timeZone: string }) {
  const { t } = useTranslation();
  const alarms = useAlertAlarms(alert);
  return (
    <section className="ah-alarms" data-testid="alert-alarms">
      <h3>{t('alert_history.alarms')}</h3>
      <ErrorMessage error={alarms.error} />
      {alarms.isPending && <p className="muted">{t('common.loading')}</p>}
      {alarms.data?.length === 0 && <p className="muted">{t('alert_history.no_alarms')}</p>}
      <ul>
        {alarms.data?.map((alarm) => (
          <AlarmItem key={alarm.id} alarm={alarm} timeZone={timeZone} />
        ))}
      </ul>
      <p className="muted ah-note">{t('alert_history.told_hint')}</p>
    </section>
  );
}

function AlarmItem({ alarm, timeZone }: { alarm: AlarmDto; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const time = (iso: string) => formatDateTime(iso, timeZone, i18n.language);
  const deliveries = useAlarmDeliveries(alarm.id);
  return (
    <li className="ah-alarm">
      <div className="ah-alarm-head">
        <time dateTime={alarm.created_at}>{time(alarm.created_at)}</time>
        <AlertLevelChip level={alarm.level} predicted={alarm.predicted_by !== null} />
        <span data-testid="alarm-confirmation">
          {alarm.confirmed_at
            ? t('alert_history.confirmed_by', {
                name: alarm.confirmed_by?.name ?? '—',
                time: time(alarm.confirmed_at),
              })
            : t('alert_history.not_confirmed')}
        </span>
      </div>
      <ErrorMessage error={deliveries.error} />
      {deliveries.data && (
        <div className="ah-told">
          <span className="muted">{t('alert_history.told')}</span>
          {deliveries.data.items.length === 0 ? (
            <span className="muted">{t('alert_history.told_none')}</span>
          ) : (
            <ul>
              {deliveries.data.items.map((d) => (
                <li key={d.id}>
                  {t(`notification.channel.${d.channel}`)} · {d.recipient_name ?? d.recipient.value} ·{' '}
                  {t(`notification.status.${d.status}`)}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </li>
  );
}
