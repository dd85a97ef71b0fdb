import { useTranslation } from 'react-i18next';
import { WarningKindIcon } from '../../../components/warning-kind-icon';
import type { SiteAlert } from './site-alerts';

/** The weather alerts of a location (official warnings, typhoon and wave alarms), one chip each. */
export function SiteAlertChips({ alerts }: { alerts: readonly SiteAlert[] }) {
  const { t } = useTranslation();
  if (alerts.length === 0) return null;
  return (
    <ul className="rta-ww-chips" aria-label={t('realtimealert.site_alert.label')}>
      {alerts.map((a) => (
        <li
          key={a.key}
          className={`rta-ww-chip rta-ww-${a.tone}`}
          data-testid={`site-alert-${a.key}`}
          title={a.title}
        >
          <WarningKindIcon kind={a.icon} />
          {a.label}
        </li>
      ))}
    </ul>
  );
}
