import type { StatsSummary } from '@thunderwatch/shared/schemas/statistics';
import { useTranslation } from 'react-i18next';

/** The headline numbers: counts, flashes, thunderstorm days and Ng (what protection design reads). */
export function SummaryCards({ summary: s }: { summary: StatsSummary }) {
  const { t, i18n } = useTranslation();
  const n = (v: number | null, digits = 0) =>
    v === null ? '—' : v.toLocaleString(i18n.language, { maximumFractionDigits: digits });
  const cards: [string, string, string?][] = [
    ['strokes', n(s.strokes)],
    ['cg', n(s.cg), t('statistic.summary.ic_value', { value: n(s.ic) })],
    ['flashes', n(s.flashes), t('statistic.summary.cg_flashes_value', { value: n(s.cg_flashes) })],
    [
      'thunderstorm_days',
      n(s.thunderstorm_days),
      t('statistic.summary.per_year', { value: n(s.thunderstorm_days_per_year, 1) }),
    ],
    ['ng', n(s.ng, 3), t('statistic.summary.ng_unit')],
    ['max_abs_ka', n(s.max_abs_ka, 1), t('statistic.summary.mean_ka', { value: n(s.mean_abs_ka, 1) })],
  ];
  return (
    <div className="st-cards" data-testid="statistic-summary">
      {cards.map(([key, value, sub]) => (
        <div key={key} className="st-card">
          <p className="st-card-name">{t(`statistic.summary.${key}`)}</p>
          <p className="st-card-value">{value}</p>
          {sub && <p className="st-card-sub">{sub}</p>}
        </div>
      ))}
    </div>
  );
}
