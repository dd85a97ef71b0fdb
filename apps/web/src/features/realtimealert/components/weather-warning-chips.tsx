import type { WeatherWarningAlarm } from '@thunderwatch/shared/schemas/weather-warning';
import { useTranslation } from 'react-i18next';

/** The official (CMA) warnings covering a location, one chip each in the warning's colour. */
export function WeatherWarningChips({ warnings }: { warnings: readonly WeatherWarningAlarm[] }) {
  const { t } = useTranslation();
  if (warnings.length === 0) return null;
  return (
    <ul className="rta-ww-chips" aria-label={t('realtimealert.weather_warning.label')}>
      {warnings.map((w) => (
        <li
          key={w.warningId}
          className={`rta-ww-chip rta-ww-${w.level}`}
          data-testid={`weather-warning-${w.warningId}`}
          title={w.headline ?? w.event}
        >
          {t('realtimealert.weather_warning.chip', {
            kind: t(`realtimealert.weather_warning.kind.${w.kind}`),
            level: t(`realtimealert.weather_warning.level.${w.level}`),
          })}
        </li>
      ))}
    </ul>
  );
}
