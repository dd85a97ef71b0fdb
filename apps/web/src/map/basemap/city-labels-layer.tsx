import type { AddLayerObject, SourceSpecification } from 'maplibre-gl';
import { useEffect } from 'react';
import { useMap } from '../map-context';
import { useMapLanguage } from '../use-map-language';
import { useMapLayers } from '../use-map-layers';
import { absoluteUrl, BASEMAP_FILES } from './basemap-data';
import {
  CITIES_SOURCE,
  CITY_LABEL_LAYER_IDS,
  cityLabelField,
  cityLabelLayers,
  OFFLINE_ATTRIBUTION,
} from './basemap-style';

// The cities' file by URL: MapLibre's worker fetches and parses it.
const SOURCE_SPEC: SourceSpecification = {
  type: 'geojson',
  data: absoluteUrl(BASEMAP_FILES.cities),
  attribution: OFFLINE_ATTRIBUTION,
};

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
    for (const id of CITY_LABEL_LAYER_IDS) {
      if (map.getLayer(id)) map.setLayoutProperty(id, 'text-field', cityLabelField(language));
    }
  }, [map, source, language]);
  return null;
}
