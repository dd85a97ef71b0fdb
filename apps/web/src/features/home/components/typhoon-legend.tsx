import { useTranslation } from 'react-i18next';
import { CONE_COLOR, GRADE_COLORS, LEGEND_GRADES, RADII_COLORS } from '../../../map/weather/typhoon-features';
import '../typhoons.css';

/**
 * The typhoon layer's key: grade colours, the wind radii, the forecast line and cone; says so when no storm is
 * active (not while the storms are still being asked for).
 */
export function TyphoonLegend({ count, loading }: { count: number; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="typhoon-legend">
      <ul aria-label={t('home.layers.typhoons_legend')}>
        {LEGEND_GRADES.map((grade) => (
          <li key={grade}>
            <span className="legend-swatch" style={{ background: GRADE_COLORS[grade] }} />
            {t(`home.typhoon.grade_${grade}`)}
          </li>
        ))}
        <li>
          <span className="legend-swatch typhoon-legend-radii" style={{ borderColor: RADII_COLORS[34] }} />
          {t('home.layers.typhoons_radii')}
        </li>
        <li>
          <span className="typhoon-legend-forecast" />
          {t('home.layers.typhoons_forecast')}
        </li>
        <li>
          <span className="legend-swatch typhoon-legend-cone" style={{ background: CONE_COLOR }} />
          {t('home.layers.typhoons_cone')}
        </li>
      </ul>
      {count === 0 && !loading && <p className="muted">{t('home.layers.typhoons_none')}</p>}
    </div>
  );
}
