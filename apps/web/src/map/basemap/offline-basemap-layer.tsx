import type { Feature, FeatureCollection } from 'geojson';
import type { AddLayerObject, GeoJSONSource, SourceSpecification } from 'maplibre-gl';
import { useEffect } from 'react';
import { useMap } from '../map-context';
import { MAP_COLORS } from '../map-style';
import { useMapLayers } from '../use-map-layers';
import { loadChinaProvinces, loadCoarseCountries, loadFineCountries } from './basemap-data';
import { OFFLINE_ATTRIBUTION } from './basemap-style';
import type { Countries } from './country-outlines';

/** From this zoom on, China and its neighbours are drawn at 1:10m, loaded the first time it is reached. */
export const FINE_FROM_ZOOM = 4;

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };
const kind = (k: string) => ['==', ['get', 'kind'], k] as ['==', ['get', string], string];
// Each source credits the offline data: MapLibre shows the credit of the sources on screen (once), and which
// of them are on screen depends on the zoom.
const source = (): SourceSpecification => ({
  type: 'geojson',
  data: EMPTY,
  tolerance: 0.5,
  attribution: OFFLINE_ATTRIBUTION,
});

function countryLayers(sourceId: string, zoom: { minzoom?: number; hidden?: boolean }): AddLayerObject[] {
  const common = {
    source: sourceId,
    ...(zoom.minzoom ? { minzoom: zoom.minzoom } : {}),
    layout: { visibility: zoom.hidden ? ('none' as const) : ('visible' as const) },
  };
  return [
    {
      id: `${sourceId}-land`,
      type: 'fill',
      ...common,
      filter: kind('land'),
      paint: { 'fill-color': MAP_COLORS.land },
    },
    {
      id: `${sourceId}-coast`,
      type: 'line',
      ...common,
      filter: kind('coast'),
      paint: { 'line-color': MAP_COLORS.coast, 'line-width': 0.8 },
    },
    {
      id: `${sourceId}-borders`,
      type: 'line',
      ...common,
      filter: kind('border'),
      paint: {
        'line-color': MAP_COLORS.border,
        'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.6, 8, 1.6],
      },
    },
  ];
}

/** The whole world at 1:50m: all zooms until the 1:10m region has loaded, then only zoomed out. */
const WORLD = 'basemap';
/** Zoomed in: the world outside the region at 1:50m (shown once the region has loaded)... */
const OUTSIDE = 'basemap-outside';
/** ...and China with its neighbours at 1:10m. */
const REGION = 'basemap-fine';
const PROVINCES = 'basemap-provinces';
const WORLD_LAYERS = countryLayers(WORLD, {});
const OUTSIDE_LAYERS = countryLayers(OUTSIDE, { minzoom: FINE_FROM_ZOOM, hidden: true });
const REGION_LAYERS = countryLayers(REGION, { minzoom: FINE_FROM_ZOOM });
const PROVINCE_LAYERS: AddLayerObject[] = [
  {
    id: PROVINCES,
    type: 'line',
    source: PROVINCES,
    minzoom: 2.5,
    paint: {
      'line-color': MAP_COLORS.province,
      'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.5, 8, 1.2],
    },
  },
];

function countryFeatures(data: Countries): FeatureCollection {
  const features: Feature[] = [
    ...data.land.features.map((f) => ({ ...f, properties: { kind: 'land' } })),
    { type: 'Feature', properties: { kind: 'coast' }, geometry: data.coast },
    { type: 'Feature', properties: { kind: 'border' }, geometry: data.borders },
  ];
  return { type: 'FeatureCollection', features };
}

/** Runs `use` with loaded data unless the component is gone by then; logs a failure. */
function useLoaded<T>(ready: unknown, load: () => Promise<T>, use: (data: T) => void, what: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `use` is a fresh closure over the same sources
  useEffect(() => {
    if (!ready) return;
    let cancelled = false;
    load().then(
      (data) => {
        if (!cancelled) use(data);
      },
      (error: unknown) => console.error(`The basemap's ${what} could not load`, error),
    );
    return () => {
      cancelled = true;
    };
  }, [ready, load, what]);
}

const set = (target: GeoJSONSource | null, data: FeatureCollection) => void target?.setData(data);

/**
 * The offline map: land, coasts and borders from Natural Earth (1:50m; China and its neighbours at 1:10m from
 * zoom 4, loaded the first time the map gets there) and China's provinces, in drawing order.
 */
export function OfflineBasemapLayer() {
  const map = useMap();
  const world = useMapLayers(WORLD, source(), WORLD_LAYERS, 'basemap');
  const outside = useMapLayers(OUTSIDE, source(), OUTSIDE_LAYERS, 'basemap');
  const region = useMapLayers(REGION, source(), REGION_LAYERS, 'basemap');
  const provinces = useMapLayers(PROVINCES, source(), PROVINCE_LAYERS, 'basemap');
  const loadProvinces = loadChinaProvinces as () => Promise<FeatureCollection>;
  useLoaded(
    world && outside,
    loadCoarseCountries,
    (d) => {
      set(world, countryFeatures(d.all));
      set(outside, countryFeatures(d.outside));
    },
    'countries',
  );
  useLoaded(provinces, loadProvinces, (d) => set(provinces, d), 'provinces');

  useEffect(() => {
    if (!region) return;
    let cancelled = false;
    const loadRegion = () => {
      if (map.getZoom() < FINE_FROM_ZOOM) return;
      map.off('zoomend', loadRegion);
      loadFineCountries().then(
        (data) => {
          if (cancelled) return;
          set(region, countryFeatures(data));
          // Zoomed in, the region at 1:10m and the rest at 1:50m take the place of the whole world at 1:50m.
          for (const layer of WORLD_LAYERS) map.setLayerZoomRange(layer.id, 0, FINE_FROM_ZOOM);
          for (const layer of OUTSIDE_LAYERS) map.setLayoutProperty(layer.id, 'visibility', 'visible');
        },
        (error: unknown) => console.error("The basemap's 1:10m countries could not load", error),
      );
    };
    map.on('zoomend', loadRegion);
    loadRegion();
    return () => {
      cancelled = true;
      map.off('zoomend', loadRegion);
    };
  }, [map, region]);
  return null;
}
