import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/time';
import { MapPopup } from '../../../map/map-popup';
import type { TyphoonPick } from '../../../map/weather/typhoon-layer';
import '../typhoons.css';

interface TyphoonPopupProps {
  pick: TyphoonPick;
  timeZone: string;
  onClose: () => void;
}

const KT_PER_MS = 1 / 0.514444;

/** A track or forecast point's facts: time in the user's zone, pressure, wind (m/s and kt), grade. */
export function TyphoonPopup({ pick, timeZone, onClose }: TyphoonPopupProps) {
  const { t, i18n } = useTranslation();
  const none = t('home.typhoon.unknown');
  return (
    <MapPopup lngLat={pick.lngLat} onClose={onClose} label={t('home.typhoon.popup', { name: pick.name })}>
      <div className="typhoon-details">
        <h2>
          <span className="legend-swatch" style={{ background: pick.color }} />
          {pick.name}
        </h2>
        <dl className="stroke-facts">
          <dt>{t('home.typhoon.time')}</dt>
          <dd>
            {formatDateTime(pick.time, timeZone, i18n.language)}
            {pick.lead_h !== null && (
              <span className="muted"> · {t('home.typhoon.forecast_lead', { hours: pick.lead_h })}</span>
            )}
          </dd>
          <dt>{t('home.typhoon.grade')}</dt>
          <dd>{t(`home.typhoon.grade_${pick.grade}`)}</dd>
          <dt>{t('home.typhoon.pressure')}</dt>
          <dd>
            {pick.pressure_hpa === null ? none : t('home.typhoon.pressure_value', { hpa: pick.pressure_hpa })}
          </dd>
          <dt>{t('home.typhoon.wind')}</dt>
          <dd>
            {pick.wind_ms === null
              ? none
              : t('home.typhoon.wind_value', {
                  ms: Math.round(pick.wind_ms * 10) / 10,
                  kt: Math.round(pick.wind_ms * KT_PER_MS),
                })}
          </dd>
        </dl>
      </div>
    </MapPopup>
  );
}
