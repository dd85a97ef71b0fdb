import type { FeatureCollection } from 'geojson';
import type { AddLayerObject, SourceSpecification } from 'maplibre-gl';
import { useEffect } from 'react';
import { useMap } from '../map-context';
import { useMapLanguage } from '../use-map-language';
import { useMapLayers } from '../use-map-layers';
import { loadChinaCities } from './basemap-data';
import {
  CITIES_SOURCE,
  CITY_LABEL_LAYER_IDS,
  cityLabelField,
  cityLabelLayers,
  OFFLINE_ATTRIBUTION,
} from './basemap-style';

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };
const SOURCE_SPEC: SourceSpecification = { type: 'geojson', data: EMPTY, attribution: OFFLINE_ATTRIBUTION };

/** China's prefecture-level cities, named in the interface language (renamed when it changes). */
export function CityLabelsLayer() {
  const map = useMap();
  const language = useMapLanguage();
  // The layers are added once, in the language of the moment; the effect below follows later changes.
  const source = useMapLayers(
    CITIES_SOURCE,
    SOURCE_SPEC,
    cityLabelLayers(language) as AddLayerObject[],
    'basemap',
  );
  useEffect(() => {
    if (!source) return;
    let cancelled = false;
    loadChinaCities().then(
      (cities) => {
        if (!cancelled) void source.setData(cities);
      },
      (error: unknown) => console.error('The city names could not load', error),
    );
    return () => {
      cancelled = true;
    };
  }, [source]);
  useEffect(() => {
    if (!source) return;
    for (const id of CITY_LABEL_LAYER_IDS) {
      if (map.getLayer(id)) map.setLayoutProperty(id, 'text-field', cityLabelField(language));
    }
  }, [map, source, language]);
  return null;
}
