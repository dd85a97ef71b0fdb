import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SocketStatus } from '../../../lib/socket';
import { useIsPhone } from '../../../lib/use-media-query';
import { DENSITY_STOPS } from '../../../map/density-layer';
import { CellLegend } from './cell-legend';
import { DisasterLegend } from './disaster-legend';
import { FlightLegend } from './flight-legend';
import { RadarControls, type RadarControlsProps } from './radar-controls';
import { TyphoonLegend } from './typhoon-legend';

interface MapToolbarProps {
  density: boolean;
  onDensity: (on: boolean) => void;
  densityLoading: boolean;
  locations: boolean;
  onLocations: (on: boolean) => void;
  /** The nowcast cells layer. */
  cells: { on: boolean; onChange: (on: boolean) => void; loading: boolean };
  /** The typhoon layer; `count` active storms drawn. */
  typhoons: { on: boolean; onChange: (on: boolean) => void; loading: boolean; count: number };
  /** The lightning disaster warning layer; `count` warned cities drawn. */
  disaster: { on: boolean; onChange: (on: boolean) => void; loading: boolean; count: number };
  /** The aircraft layer; `count` aircraft in view. */
  flights: { on: boolean; onChange: (on: boolean) => void; loading: boolean; count: number };
  simulated: boolean;
  radar: RadarControlsProps;
  /** Saves the current view as where the map opens; `saved` once done (until the map moves). */
  view: { onSave: () => void; saving: boolean; saved: boolean };
  status: SocketStatus;
  loading: 'recent' | 'history' | null;
  /** The models panel, folded under the layers. */
  models?: ReactNode;
}

/** Layer switcher, the simulated-data badge, and what the live feed is doing. */
export function MapToolbar({
  density,
  onDensity,
  densityLoading,
  locations,
  onLocations,
  cells,
  typhoons,
  disaster,
  flights,
  simulated,
  radar,
  view,
  status,
  loading,
  models,
}: MapToolbarProps) {
  const { t } = useTranslation();
  const phone = useIsPhone();
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
      <details key={phone ? 'phone' : 'wide'} className="home-collapsible" open={!phone}>
        <summary>{t('home.layers.title')}</summary>
        <fieldset className="layer-switcher">
          <legend className="visually-hidden">{t('home.layers.title')}</legend>
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
          <RadarControls {...radar} />
          <label className="checkbox">
            <input type="checkbox" checked={cells.on} onChange={(e) => cells.onChange(e.target.checked)} />
            {t('home.layers.cells')}
            {cells.on && cells.loading && <span className="muted"> …</span>}
          </label>
          {cells.on && <CellLegend />}
          <label className="checkbox">
            <input
              type="checkbox"
              checked={typhoons.on}
              onChange={(e) => typhoons.onChange(e.target.checked)}
            />
            {t('home.layers.typhoons')}
            {typhoons.on && typhoons.loading && <span className="muted"> …</span>}
          </label>
          {typhoons.on && <TyphoonLegend count={typhoons.count} loading={typhoons.loading} />}
          <label className="checkbox">
            <input
              type="checkbox"
              checked={disaster.on}
              onChange={(e) => disaster.onChange(e.target.checked)}
            />
            {t('home.layers.disaster')}
            {disaster.on && disaster.loading && <span className="muted"> …</span>}
          </label>
          {disaster.on && <DisasterLegend count={disaster.count} loading={disaster.loading} />}
          <label className="checkbox">
            <input
              type="checkbox"
              checked={flights.on}
              onChange={(e) => flights.onChange(e.target.checked)}
            />
            {t('home.layers.flights')}
            {flights.on && flights.loading && <span className="muted"> …</span>}
          </label>
          {flights.on && <FlightLegend count={flights.count} loading={flights.loading} />}
        </fieldset>
        <button
          type="button"
          className="button button-secondary button-small save-view"
          onClick={view.onSave}
          disabled={view.saving || view.saved}
        >
          {view.saved ? t('home.layers.view_saved') : t('home.layers.save_view')}
        </button>
      </details>
      {models}
    </section>
  );
}
