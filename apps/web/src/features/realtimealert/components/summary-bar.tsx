import { LEVEL_COLOURS, type Level } from '@thunderwatch/shared/warnings';
import { useTranslation } from 'react-i18next';
import type { SocketStatus } from '../../../lib/socket';
import type { AlarmAlerting } from '../hooks/use-alarm-alerting';

const LEVELS_HIGH_FIRST: Level[] = [3, 2, 1, 0];

interface SummaryBarProps {
  counts: Record<Level, number>;
  unconfirmed: number;
  status: SocketStatus;
  alerting: AlarmAlerting;
  fullscreen: { active: boolean; supported: boolean; toggle: () => void };
}

/** Locations per level, unconfirmed alarms, the live feed, and the switches a wall screen needs. */
export function SummaryBar({ counts, unconfirmed, status, alerting, fullscreen }: SummaryBarProps) {
  const { t } = useTranslation();
  return (
    <section className="rta-summary" aria-label={t('realtimealert.summary.title')}>
      <ul className="rta-level-counts">
        {LEVELS_HIGH_FIRST.map((level) => (
          <li key={level} className={counts[level] > 0 ? 'rta-count rta-count-some' : 'rta-count'}>
            <span className="rta-swatch" style={{ background: LEVEL_COLOURS[level] }} aria-hidden="true" />
            <span className="rta-count-label">{t(`realtimealert.level.${level}`)}</span>
            <strong data-testid={`level-count-${level}`}>{counts[level]}</strong>
          </li>
        ))}
      </ul>
      <p className={unconfirmed > 0 ? 'rta-unconfirmed rta-unconfirmed-some' : 'rta-unconfirmed'}>
        <span>{t('realtimealert.summary.unconfirmed')}</span>
        <strong data-testid="unconfirmed-count">{unconfirmed}</strong>
      </p>
      <div className="rta-controls">
        <span className={status === 'connected' ? 'badge badge-ok' : 'badge badge-muted'} role="status">
          {t(`realtimealert.feed.${status}`)}
        </span>
        {alerting.sound === 'blocked' && (
          <button type="button" className="button button-small" onClick={alerting.enableSound}>
            {t('realtimealert.sound.enable')}
          </button>
        )}
        {alerting.sound === 'unsupported' && (
          <span className="badge badge-muted">{t('realtimealert.sound.unsupported')}</span>
        )}
        {alerting.notifications === 'default' && (
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={alerting.enableNotifications}
          >
            {t('realtimealert.notifications.enable')}
          </button>
        )}
        {alerting.notifications === 'denied' && (
          <span className="badge badge-muted">{t('realtimealert.notifications.denied')}</span>
        )}
        {fullscreen.supported && (
          <button type="button" className="button button-secondary button-small" onClick={fullscreen.toggle}>
            {t(fullscreen.active ? 'realtimealert.fullscreen.exit' : 'realtimealert.fullscreen.enter')}
          </button>
        )}
      </div>
    </section>
  );
}
