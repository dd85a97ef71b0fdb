import type { WeatherWarning } from '@thunderwatch/shared/schemas/weather-warning';
import { useTranslation } from 'react-i18next';
import { WarningKindIcon } from '../../../components/warning-kind-icon';
import { formatDateTime } from '../../../lib/time';
import { MapPopup } from '../../../map/map-popup';
import { WEATHER_WARNING_COLORS } from '../../../map/weather/warning-features';

interface WeatherWarningPopupProps {
  warning: WeatherWarning;
  lngLat: [number, number];
  timeZone: string;
  onClose: () => void;
}

/** An official warning's facts: event and headline (as the sender wrote them), colour, onset and expiry. */
export function WeatherWarningPopup({ warning: w, lngLat, timeZone, onClose }: WeatherWarningPopupProps) {
  const { t, i18n } = useTranslation();
  const kind = t(`realtimealert.weather_warning.kind.${w.kind}`);
  const level = t(`realtimealert.weather_warning.level.${w.level}`);
  const title = t('realtimealert.weather_warning.chip', { kind, level });
  const when = (iso: string | null) => (iso ? formatDateTime(iso, timeZone, i18n.language) : '—');
  return (
    <MapPopup lngLat={lngLat} onClose={onClose} label={t('home.weather_warnings.popup', { title })}>
      <div className="disaster-details">
        <h2>
          <span className="legend-swatch" style={{ background: WEATHER_WARNING_COLORS[w.level] }} />
          <WarningKindIcon kind={w.kind} />
          {title}
        </h2>
        <dl className="stroke-facts">
          <dt>{t('home.weather_warnings.event')}</dt>
          <dd lang={w.language}>{w.event}</dd>
          {w.headline && (
            <>
              <dt>{t('home.weather_warnings.headline')}</dt>
              <dd lang={w.language}>{w.headline}</dd>
            </>
          )}
          <dt>{t('home.weather_warnings.level')}</dt>
          <dd>{t(`home.weather_warnings.level_${w.level}`)}</dd>
          <dt>{t('home.weather_warnings.sender')}</dt>
          <dd>{w.sender}</dd>
          <dt>{t('home.weather_warnings.onset')}</dt>
          <dd>{when(w.onset ?? w.sent)}</dd>
          <dt>{t('home.weather_warnings.expires')}</dt>
          <dd>{when(w.expires)}</dd>
        </dl>
      </div>
    </MapPopup>
  );
}
