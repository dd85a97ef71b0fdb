import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SocketStatus } from '../../../lib/socket';
import { useIsPhone } from '../../../lib/use-media-query';

interface MapToolbarProps {
  simulated: boolean;
  /** The layer switcher (built from the layer catalogue). */
  switcher: ReactNode;
  /** Saves the current view as where the map opens; `saved` once done (until the map moves). */
  view: { onSave: () => void; saving: boolean; saved: boolean };
  status: SocketStatus;
  loading: 'recent' | 'history' | null;
  /** A group admin's form for the group's layers, the scenes panel and the models panel, under the layers. */
  manage?: ReactNode;
  scenes?: ReactNode;
  models?: ReactNode;
}

/** Layer switcher, the simulated-data badge, and what the live feed is doing. */
export function MapToolbar({
  simulated,
  switcher,
  view,
  status,
  loading,
  manage,
  scenes,
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
        {switcher}
        <button
          type="button"
          className="button button-secondary button-small save-view"
          onClick={view.onSave}
          disabled={view.saving || view.saved}
        >
          {view.saved ? t('home.layers.view_saved') : t('home.layers.save_view')}
        </button>
        {manage}
      </details>
      {scenes}
      {models}
    </section>
  );
}
