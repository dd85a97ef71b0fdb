import { nameIn } from '@thunderwatch/shared/names';
import type { StationDto, WaveReading } from '@thunderwatch/shared/schemas/weather';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/time';
import { MapPopup } from '../map-popup';
import { ageMinutes, douglasColor } from './wave-features';
import './wave-popup.css';

interface WavePopupProps {
  station: StationDto;
  reading: WaveReading;
  lngLat: [number, number];
  timeZone: string;
  onClose: () => void;
}

const one = (v: number) => Math.round(v * 10) / 10;

/** A station's latest reading: height and sea state, periods, wave direction, wind, time and age. */
export function WavePopup({ station, reading: r, lngLat, timeZone, onClose }: WavePopupProps) {
  const { t, i18n } = useTranslation();
  const none = t('wave.unknown');
  const num = (v: number | null) => (v === null ? none : one(v));
  const name = nameIn(i18n.language, station);
  return (
    <MapPopup lngLat={lngLat} onClose={onClose} label={t('wave.popup.label', { name })}>
      <div className="wave-details">
        <h2>
          <span className="wave-swatch" style={{ background: douglasColor(r.douglas) }} />
          {name} <span className="muted">{station.id}</span>
        </h2>
        <dl className="wave-facts">
          <dt>{t('wave.popup.height')}</dt>
          <dd className={r.alert ? 'wave-alert-text' : undefined}>
            {r.wave_height === null
              ? none
              : t('wave.popup.height_value', {
                  m: one(r.wave_height),
                  degree: r.douglas,
                  name: t(`wave.degree.${r.douglas}`),
                })}
          </dd>
          <dt>{t('wave.popup.period')}</dt>
          <dd>{t('wave.popup.period_value', { dpd: num(r.dominant_period), apd: num(r.average_period) })}</dd>
          <dt>{t('wave.popup.direction')}</dt>
          <dd>
            {r.mean_direction === null
              ? none
              : t('wave.popup.degrees', { deg: Math.round(r.mean_direction) })}
          </dd>
          <dt>{t('wave.popup.wind')}</dt>
          <dd>
            {r.wind_speed === null
              ? none
              : t('wave.popup.wind_value', {
                  dir: r.wind_dir === null ? none : Math.round(r.wind_dir),
                  speed: one(r.wind_speed),
                  gust: num(r.wind_gust),
                })}
          </dd>
          <dt>{t('wave.popup.time')}</dt>
          <dd>
            {formatDateTime(r.time, timeZone, i18n.language)}
            <span className="muted">
              {' '}
              · {t('wave.popup.age', { minutes: ageMinutes(r.time, Date.now()) })}
            </span>
          </dd>
        </dl>
      </div>
    </MapPopup>
  );
}
