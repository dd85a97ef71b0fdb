import { useTranslation } from 'react-i18next';
import type { SocketStatus } from '../../../lib/socket';
import { DENSITY_STOPS } from '../../../map/density-layer';

interface MapToolbarProps {
  density: boolean;
  onDensity: (on: boolean) => void;
  densityLoading: boolean;
  locations: boolean;
  onLocations: (on: boolean) => void;
  simulated: boolean;
  status: SocketStatus;
  loading: 'recent' | 'history' | null;
}

/** Layer switcher, the simulated-data badge, and what the live feed is doing. */
export function MapToolbar({
  density,
  onDensity,
  densityLoading,
  locations,
  onLocations,
  simulated,
  status,
  loading,
}: MapToolbarProps) {
  const { t } = useTranslation();
  return (
    <section className="home-panel map-toolbar" aria-label={t('home.layers.title')}>
      <div className="map-toolbar-badges">
        {simulated && (
          <span className="badge badge-warning" role="status">
            {t('home.simulated')}
          </span>
        )}
        <span className={status === 'connected' ? 'badge badge-ok' : 'badge badge-muted'}>
          {t(`home.feed.${status}`)}
        </span>
        {loading && <span className="badge badge-muted">{t(`home.feed.loading_${loading}`)}</span>}
      </div>
      <fieldset className="layer-switcher">
        <legend>{t('home.layers.title')}</legend>
        <label className="checkbox">
          <input type="checkbox" checked={locations} onChange={(e) => onLocations(e.target.checked)} />
          {t('home.layers.locations')}
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={density} onChange={(e) => onDensity(e.target.checked)} />
          {t('home.layers.density')}
          {density && densityLoading && <span className="muted"> …</span>}
        </label>
        {density && (
          <ul className="density-legend" aria-label={t('home.layers.density_legend')}>
            {DENSITY_STOPS.map(([count, color]) => (
              <li key={count}>
                <span className="legend-swatch" style={{ background: color }} />
                {`≥${count}`}
              </li>
            ))}
          </ul>
        )}
      </fieldset>
    </section>
  );
}
