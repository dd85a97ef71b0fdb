import type { Indicator } from '@thunderwatch/shared/schemas/overview';
import { useTranslation } from 'react-i18next';
import { formatValue, TREND_ARROWS, toneOf } from '../model/indicator-view';

/** One key indicator: its value, the comparison and trend coloured by whether the move is good news. */
export function IndicatorCard({ indicator }: { indicator: Indicator }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'zh-Hans' ? 'zh-Hans' : 'en';
  const tone = toneOf(indicator);
  return (
    <article
      className="ov-card"
      data-testid={`indicator-${indicator.id}`}
      title={indicator.definition[language]}
    >
      <h2 className="ov-card-name">{indicator.name[language]}</h2>
      <p className="ov-card-value">{formatValue(indicator.value, indicator.unit, language)}</p>
      {indicator.value === null && (
        <p className="ov-card-trend">
          {t(`overview.empty.${indicator.id}`, { defaultValue: t('overview.empty.default') })}
        </p>
      )}
      {indicator.previous !== null && (
        <p className={`ov-card-trend ov-tone-${tone}`}>
          {indicator.trend && (
            <span role="img" aria-label={t(`overview.trend.${indicator.trend}`)}>
              {TREND_ARROWS[indicator.trend]}{' '}
            </span>
          )}
          {t(`overview.compared.${indicator.id}`, {
            defaultValue: t('overview.compared.default'),
            value: formatValue(indicator.previous, indicator.unit, language),
          })}
        </p>
      )}
      <details className="ov-card-definition">
        <summary>{t('overview.definition')}</summary>
        <p>{indicator.definition[language]}</p>
      </details>
    </article>
  );
}
