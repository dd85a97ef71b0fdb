import { useTranslation } from 'react-i18next';
import { HAZARD_COLORS, HAZARD_NAMES } from '../../../map/aviation/flight-features';
import '../flights.css';

/** The aircraft layer's key: the hazard colours; says so when no aircraft is in view. */
export function FlightLegend({ count, loading }: { count: number; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flight-legend">
      <ul aria-label={t('home.layers.flights_legend')}>
        {HAZARD_NAMES.map((hazard) => (
          <li key={hazard}>
            <span className="legend-swatch" style={{ background: HAZARD_COLORS[hazard] }} />
            {t(`home.flight.hazard_${hazard}`)}
          </li>
        ))}
      </ul>
      {count === 0 && !loading && <p className="muted">{t('home.layers.flights_none')}</p>}
    </div>
  );
}
