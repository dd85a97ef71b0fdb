import type { TyphoonDetail } from '@thunderwatch/shared/schemas/typhoon';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { WarningKindIcon } from '../../../components/warning-kind-icon';
import { formatDateTime } from '../../../lib/time';
import { GRADE_COLORS, stormName } from '../../../map/weather/typhoon-features';
import type { OfficialWarning } from '../api/get-official-warnings';
import { byLevel, LEVEL_COLORS, LEVEL_TEXT } from '../hooks/situation';

interface WarningsPanelProps {
  warnings: readonly OfficialWarning[] | undefined;
  storms: readonly TyphoonDetail[];
  error: unknown;
  timeZone: string;
}

/** Active official gale and typhoon warnings in CMA colours, and the storms the map draws. */
export function WarningsPanel({ warnings, storms, error, timeZone }: WarningsPanelProps) {
  const { t, i18n } = useTranslation();
  const list = byLevel(warnings ?? []);
  const when = (iso: string | null) =>
    iso ? formatDateTime(iso, timeZone, i18n.language).slice(0, -3) : '…';
  return (
    <section className="decision-panel decision-warnings" aria-labelledby="decision-warnings-title">
      <h2 id="decision-warnings-title">{t('decision.warnings.title')}</h2>
      <ErrorMessage error={error} />
      {warnings !== undefined && list.length === 0 && <p className="muted">{t('decision.warnings.none')}</p>}
      <ul className="decision-warning-list">
        {list.map((w) => (
          <li
            key={`${w.kind}:${w.id}`}
            className="decision-warning"
            style={{ borderLeftColor: w.level ? LEVEL_COLORS[w.level] : 'var(--border-strong)' }}
          >
            {w.level && (
              <span
                className="decision-level decision-level-small"
                style={{ background: LEVEL_COLORS[w.level], color: LEVEL_TEXT[w.level] }}
              >
                <WarningKindIcon kind={w.kind} />
                {t(`decision.kind.${w.kind === 'typhoon' ? 'typhoon' : 'gale'}`)} ·{' '}
                {t(`decision.level.${w.level}`)}
              </span>
            )}
            <strong>{w.headline || w.event}</strong>
            <span className="muted">
              {t('decision.warnings.period', { from: when(w.onset), to: when(w.expires) })}
            </span>
          </li>
        ))}
      </ul>
      {storms.length > 0 && (
        <ul className="decision-storms" aria-label={t('decision.warnings.storms')}>
          {storms.map((s) => {
            const last = s.track.at(-1);
            return (
              <li key={s.id}>
                <span
                  className="decision-swatch"
                  style={{ background: last ? GRADE_COLORS[last.grade] : undefined }}
                />
                <strong>{stormName(s, i18n.language)}</strong>
                {last && (
                  <span className="muted">
                    {t(`home.typhoon.grade_${last.grade}`)}
                    {last.wind_ms !== null && ` · ${last.wind_ms} m/s`}
                    {last.pressure_hpa !== null && ` · ${last.pressure_hpa} hPa`}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
