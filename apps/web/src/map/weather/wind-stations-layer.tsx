import type { StationWind } from '@thunderwatch/shared/schemas/decision';
import type { FeatureCollection, Point } from 'geojson';
import type { AddLayerObject, SourceSpecification } from 'maplibre-gl';
import { useEffect, useMemo } from 'react';
import { useMapLayers } from '../use-map-layers';
import { beaufortColor } from './beaufort-colors';

const SOURCE = 'wind-stations';
const SOURCE_SPEC: SourceSpecification = {
  type: 'geojson',
  data: { type: 'FeatureCollection', features: [] },
};
const LAYERS: AddLayerObject[] = [
  {
    id: 'wind-station',
    type: 'circle',
    source: SOURCE,
    paint: {
      // Stronger winds draw larger, so the gale stands out on a wall across the room.
      'circle-radius': ['interpolate', ['linear'], ['coalesce', ['get', 'force'], 0], 0, 4, 6, 6, 12, 11],
      'circle-color': ['get', 'color'],
      'circle-stroke-width': 1.2,
      'circle-stroke-color': '#05080f',
    },
  },
];

export interface WindStationProps {
  id: string;
  name: string;
  force: number | null;
  wind_speed: number | null;
  color: string;
}

export function windStationFeatures(
  stations: readonly StationWind[],
): FeatureCollection<Point, WindStationProps> {
  return {
    type: 'FeatureCollection',
    // Weakest first, so the strongest draw on top.
    features: [...stations].reverse().map((s) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [s.station.lon, s.station.lat] },
      properties: {
        id: s.station.id,
        name: s.station.name,
        force: s.force,
        wind_speed: s.wind_speed,
        color: beaufortColor(s.force),
      },
    })),
  };
}

/** Wind stations as dots coloured (and sized) by Beaufort force. */
export function WindStationsLayer({ stations }: { stations: readonly StationWind[] }) {
  const source = useMapLayers(SOURCE, SOURCE_SPEC, LAYERS, 'top');
  const data = useMemo(() => windStationFeatures(stations), [stations]);
  useEffect(() => {
    if (source) void source.setData(data);
  }, [source, data]);
  return null;
}
