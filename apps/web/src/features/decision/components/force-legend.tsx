import { useTranslation } from 'react-i18next';
import { beaufortColor } from '../../../map/weather/beaufort-colors';

const SHOWN = [0, 2, 4, 6, 8, 10, 12, 14];

/** The map's key: a swatch per second Beaufort force. */
export function ForceLegend() {
  const { t } = useTranslation();
  return (
    <div className="decision-legend">
      <span>{t('decision.legend')}</span>
      <ul aria-label={t('decision.legend')}>
        {SHOWN.map((f) => (
          <li key={f}>
            <span className="decision-swatch" style={{ background: beaufortColor(f) }} />
            {f}
          </li>
        ))}
      </ul>
    </div>
  );
}
