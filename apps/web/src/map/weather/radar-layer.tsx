import type { AddLayerObject, ImageSource, SourceSpecification } from 'maplibre-gl';
import { useEffect, useState } from 'react';
import type { LayerWarmUp } from '../layer-warm-up';
import { useMap } from '../map-context';
import { useMapLayers } from '../use-map-layers';
import { registerRadarProtocol } from './radar-images';

const SOURCE = 'radar';
const LAYER = 'radar-raster';

export type RadarCorners = [[number, number], [number, number], [number, number], [number, number]];

/** Corners of an image over lon/lat bounds, as MapLibre's image source wants them (NW, NE, SE, SW). */
export function cornersOf(b: { west: number; south: number; east: number; north: number }): RadarCorners {
  return [
    [b.west, b.north],
    [b.east, b.north],
    [b.east, b.south],
    [b.west, b.south],
  ];
}

/** The radar's one layer, at an opacity. */
function radarLayer(opacity: number): AddLayerObject {
  return {
    id: LAYER,
    type: 'raster',
    source: SOURCE,
    paint: { 'raster-opacity': opacity, 'raster-fade-duration': 0, 'raster-resampling': 'nearest' },
  };
}

/** One transparent pixel, for the warm-up: the radar's image is fetched only once it is switched on. */
function blankPixel(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  return canvas;
}

/** The radar's layer, drawn once unseen as home's map shows (see `warmUpLayers`). */
export const RADAR_WARM_UP: LayerWarmUp = {
  layers: [radarLayer(1)],
  source: ([lon, lat]) => ({
    type: 'canvas',
    canvas: blankPixel(),
    animate: false,
    coordinates: cornersOf({ west: lon - 0.01, south: lat - 0.01, east: lon + 0.01, north: lat + 0.01 }),
  }),
};

/**
 * A radar frame: its Web Mercator PNG stretched over its bounds, under the strokes. Frames change by swapping
 * the image of one source; MapLibre keeps drawing the old one until the new one has loaded, so the replay
 * does not flicker.
 */
export function RadarLayer({
  url,
  corners,
  opacity,
}: {
  url: string;
  corners: RadarCorners;
  opacity: number;
}) {
  registerRadarProtocol();
  const map = useMap();
  // The source and layer as at mount (the first frame's image and place, the opacity then): later frames go
  // through updateImage and the opacity through setPaintProperty.
  const [spec] = useState<SourceSpecification>(() => ({ type: 'image', url, coordinates: corners }));
  const [layers] = useState<AddLayerObject[]>(() => [radarLayer(opacity)]);
  const source = useMapLayers(SOURCE, spec, layers, 'data') as unknown as ImageSource | null;
  useEffect(() => {
    if (source && source.url !== url) source.updateImage({ url, coordinates: corners });
  }, [source, url, corners]);
  useEffect(() => {
    if (source && map.getLayer(LAYER)) map.setPaintProperty(LAYER, 'raster-opacity', opacity);
  }, [source, map, opacity]);
  return null;
}
