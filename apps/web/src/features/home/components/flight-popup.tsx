import type { Aircraft } from '@thunderwatch/shared/schemas/flights';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/time';
import { flightLevel, HAZARD_COLORS } from '../../../map/aviation/flight-features';
import { MapPopup } from '../../../map/map-popup';
import '../flights.css';

interface FlightPopupProps {
  aircraft: Aircraft;
  timeZone: string;
  onClose: () => void;
}

const FT_PER_M = 1 / 0.3048;
const KT_PER_MS = 1 / 0.514444;

/** An aircraft's facts: hazard with distance, altitude (m and flight level), speed, track, climb, last seen. */
export function FlightPopup({ aircraft: a, timeZone, onClose }: FlightPopupProps) {
  const { t, i18n } = useTranslation();
  const none = t('home.flight.unknown');
  const name = a.callsign ?? a.icao24.toUpperCase();
  return (
    <MapPopup lngLat={[a.lon, a.lat]} onClose={onClose} label={t('home.flight.popup', { name })}>
      <div className="flight-details">
        <h2>{name}</h2>
        <p className="flight-hazard" data-hazard={a.hazard}>
          <span className="legend-swatch" style={{ background: HAZARD_COLORS[a.hazard] }} />
          {t(`home.flight.hazard_${a.hazard}`)}
          {a.hazard === 'near' &&
            a.hazard_km !== null &&
            ` · ${t('home.flight.distance', { km: a.hazard_km })}`}
        </p>
        <dl className="stroke-facts">
          <dt>{t('home.flight.icao24')}</dt>
          <dd>{a.icao24.toUpperCase()}</dd>
          <dt>{t('home.flight.altitude')}</dt>
          <dd>
            {a.altitude_m === null
              ? none
              : t('home.flight.altitude_value', {
                  m: Math.round(a.altitude_m),
                  ft: Math.round(a.altitude_m * FT_PER_M),
                  fl: flightLevel(a.altitude_m, a.on_ground),
                })}
          </dd>
          <dt>{t('home.flight.speed')}</dt>
          <dd>
            {a.speed_ms === null
              ? none
              : t('home.flight.speed_value', {
                  kmh: Math.round(a.speed_ms * 3.6),
                  kt: Math.round(a.speed_ms * KT_PER_MS),
                })}
          </dd>
          <dt>{t('home.flight.track')}</dt>
          <dd>{a.track_deg === null ? none : `${Math.round(a.track_deg)}°`}</dd>
          <dt>{t('home.flight.vertical_rate')}</dt>
          <dd>
            {a.vertical_rate_ms === null
              ? none
              : t('home.flight.vertical_rate_value', { ms: a.vertical_rate_ms })}
          </dd>
          <dt>{t('home.flight.time')}</dt>
          <dd>{formatDateTime(a.time, timeZone, i18n.language)}</dd>
        </dl>
        <p className="muted">{t('home.flight.track_shown')}</p>
      </div>
    </MapPopup>
  );
}
