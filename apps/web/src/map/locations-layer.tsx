import type { LocationDto } from '@thunderwatch/shared/schemas/locations';
import type { FeatureCollection } from 'geojson';
import type { AddLayerObject, SourceSpecification } from 'maplibre-gl';
import { useEffect, useMemo } from 'react';
import { labelAnchor, labelImageId, provideLabelImages } from './location-labels';
import { LocationRingsLayer } from './location-rings-layer';
import { useMap } from './map-context';
import { useMapLayers } from './use-map-layers';

const LABELS = 'location-labels';
const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };
const SOURCE_SPEC: SourceSpecification = { type: 'geojson', data: EMPTY };
const LABEL_LAYERS: AddLayerObject[] = [
  {
    id: LABELS,
    type: 'symbol',
    source: LABELS,
    layout: {
      'icon-image': ['get', 'image'],
      'icon-anchor': 'top',
      'icon-offset': [0, 8],
      // Where labels collide, the higher level wins.
      'symbol-sort-key': ['-', 3, ['get', 'level']],
    },
  },
];

/** The names of the locations, in pills of their level colour. */
export function locationLabels(locations: readonly LocationDto[]): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: locations.map((location) => ({
      type: 'Feature',
      id: location.id,
      properties: { image: labelImageId(location.level, location.name), level: location.level },
      geometry: { type: 'Point', coordinates: labelAnchor(location.shape) },
    })),
  };
}

/** Location names alone, for maps that draw the rings themselves. */
export function LocationLabelsLayer({ locations }: { locations: readonly LocationDto[] }) {
  const map = useMap();
  const source = useMapLayers(LABELS, SOURCE_SPEC, LABEL_LAYERS, 'top');
  const data = useMemo(() => locationLabels(locations), [locations]);
  useEffect(() => provideLabelImages(map), [map]);
  useEffect(() => {
    if (source) void source.setData(data);
  }, [source, data]);
  return null;
}

/**
 * My locations on the home map: rings as geodesic outlines in their ring-level colours, the location
 * filled in its current level's colour, and its name. The sources are set again only when `locations`
 * changes, which the caller keeps to real changes (a level, not every stroke count).
 */
export function LocationsLayer({ locations }: { locations: readonly LocationDto[] }) {
  return (
    <>
      <LocationRingsLayer locations={locations} id="home-locations" />
      <LocationLabelsLayer locations={locations} />
    </>
  );
}
