import type { DisasterWarning } from '@thunderwatch/shared/schemas/disaster';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/time';
import { MapPopup } from '../../../map/map-popup';
import { DISASTER_COLORS } from '../../../map/weather/disaster-features';
import '../disaster.css';

interface DisasterPopupProps {
  warning: DisasterWarning;
  lngLat: [number, number];
  timeZone: string;
  onClose: () => void;
}

/** A warned city's facts: level, why (the rule's reasons), the lightning counted, since when. */
export function DisasterPopup({ warning: w, lngLat, timeZone, onClose }: DisasterPopupProps) {
  const { t, i18n } = useTranslation();
  const name = i18n.language.startsWith('zh') ? w.region.name_zh : w.region.name_en;
  const level = Math.min(4, Math.max(1, w.level)) as 1 | 2 | 3 | 4;
  const f = w.factors;
  return (
    <MapPopup lngLat={lngLat} onClose={onClose} label={t('home.disaster.popup', { name })}>
      <div className="disaster-details">
        <h2>
          <span className="legend-swatch" style={{ background: DISASTER_COLORS[level] }} />
          {name}
        </h2>
        <p className="disaster-level">{t(`home.disaster.level_${level}`)}</p>
        <dl className="stroke-facts">
          <dt>{t('home.disaster.reasons')}</dt>
          <dd>{f.reasons.map((r) => t(`home.disaster.reason_${r}`)).join(' · ') || '—'}</dd>
          <dt>{t('home.disaster.flashes')}</dt>
          <dd>{t('home.disaster.flashes_value', { h1: f.cg_flashes_1h, h3: f.cg_flashes_3h })}</dd>
          <dt>{t('home.disaster.density')}</dt>
          <dd>
            {t('home.disaster.density_value', {
              value: f.area_km2 > 0 ? (f.cg_flashes_1h / f.area_km2).toFixed(3) : '—',
            })}
          </dd>
          <dt>{t('home.disaster.max_ka')}</dt>
          <dd>{f.max_abs_ka > 0 ? `${Math.round(f.max_abs_ka)} kA` : '—'}</dd>
          <dt>{t('home.disaster.cells')}</dt>
          <dd>{t('home.disaster.cells_value', { c30: f.cells_30, c60: f.cells_60 })}</dd>
          <dt>{t('home.disaster.issued')}</dt>
          <dd>{formatDateTime(w.issued_at, timeZone, i18n.language)}</dd>
          <dt>{t('home.disaster.updated')}</dt>
          <dd>{formatDateTime(w.updated_at, timeZone, i18n.language)}</dd>
        </dl>
      </div>
    </MapPopup>
  );
}
