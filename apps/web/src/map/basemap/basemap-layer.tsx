import { useMapConfig } from '../map-config';
import { CityLabelsLayer } from './city-labels-layer';
import { OfflineBasemapLayer } from './offline-basemap-layer';
import { OnlineBasemapLayer } from './online-basemap-layer';

/**
 * The map under the data, as the server's `BASEMAP` says: the bundled offline map (coasts, borders,
 * provinces, China's cities) or online raster tiles. If the setting cannot be read, the offline map.
 */
export function BasemapLayer() {
  const config = useMapConfig();
  if (config.isPending) return null;
  const basemap = config.data?.basemap;
  if (basemap && basemap.name !== 'offline') return <OnlineBasemapLayer basemap={basemap} />;
  return (
    <>
      <OfflineBasemapLayer />
      <CityLabelsLayer />
    </>
  );
}
