import { useTranslation } from 'react-i18next';
import { DISASTER_COLORS, DISASTER_LEVELS } from '../../../map/weather/disaster-features';
import '../disaster.css';

/** The disaster layer's key: the four levels' colours; says so when no city is warned (once asked). */
export function DisasterLegend({ count, loading }: { count: number; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="disaster-legend">
      <ul aria-label={t('home.layers.disaster_legend')}>
        {DISASTER_LEVELS.map((level) => (
          <li key={level}>
            <span className="legend-swatch" style={{ background: DISASTER_COLORS[level] }} />
            {t(`home.disaster.level_${level}`)}
          </li>
        ))}
      </ul>
      {count === 0 && !loading && <p className="muted">{t('home.layers.disaster_none')}</p>}
    </div>
  );
}
