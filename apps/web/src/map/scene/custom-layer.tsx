import type { CustomLayer } from '@thunderwatch/shared/schemas/layers';
import type { AddLayerObject, SourceSpecification } from 'maplibre-gl';
import { useMemo } from 'react';
import { useLayerOpacity } from '../layer-opacity';
import { useMapLayers } from '../use-map-layers';

/** A group's custom layer: GeoJSON as fill, line and circle layers; tile URLs as a raster source. */
function specOf(layer: CustomLayer): { source: SourceSpecification; layers: AddLayerObject[] } {
  const id = `custom-${layer.id}`;
  if (layer.kind === 'geojson') {
    const polygons = ['match', ['geometry-type'], ['Polygon', 'MultiPolygon'], true, false] as never;
    const lines = ['match', ['geometry-type'], ['LineString', 'MultiLineString'], true, false] as never;
    const points = ['match', ['geometry-type'], ['Point', 'MultiPoint'], true, false] as never;
    return {
      source: { type: 'geojson', data: layer.geojson as never },
      layers: [
        {
          id: `${id}-fill`,
          type: 'fill',
          source: id,
          filter: polygons,
          paint: { 'fill-color': layer.color, 'fill-opacity': 0.25 },
        },
        {
          id: `${id}-outline`,
          type: 'line',
          source: id,
          filter: polygons,
          paint: { 'line-color': layer.color, 'line-width': 1.5, 'line-opacity': 1 },
        },
        {
          id: `${id}-line`,
          type: 'line',
          source: id,
          filter: lines,
          paint: { 'line-color': layer.color, 'line-width': 2, 'line-opacity': 1 },
        },
        {
          id: `${id}-circle`,
          type: 'circle',
          source: id,
          filter: points,
          paint: {
            'circle-color': layer.color,
            'circle-radius': 5,
            'circle-opacity': 1,
            'circle-stroke-color': '#05080f',
            'circle-stroke-width': 1,
          },
        },
      ],
    };
  }
  const attribution = layer.attribution || undefined;
  const source: SourceSpecification =
    layer.kind === 'tilejson'
      ? { type: 'raster', url: layer.url ?? '', tileSize: 256, attribution }
      : { type: 'raster', tiles: [layer.url ?? ''], tileSize: 256, attribution };
  return {
    source,
    layers: [{ id: `${id}-raster`, type: 'raster', source: id, paint: { 'raster-opacity': 1 } }],
  };
}

/** One custom layer on the map at `opacity`; remount (key by id and updated_at) when the layer changes. */
export function CustomMapLayer({ layer, opacity }: { layer: CustomLayer; opacity: number }) {
  const spec = useMemo(() => specOf(layer), [layer]);
  const source = useMapLayers(`custom-${layer.id}`, spec.source, spec.layers, 'data');
  useLayerOpacity(spec.layers, opacity, source !== null);
  return null;
}
