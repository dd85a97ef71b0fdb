import type { AddLayerObject, ImageSource, SourceSpecification } from 'maplibre-gl';
import { useEffect } from 'react';
import { useLayerOpacity } from '../layer-opacity';
import { useMapLayers } from '../use-map-layers';
import type { DensityGrid } from './density';
import { densityRaster } from './density-raster';

const SOURCE = 'density';
/** An image source without an image draws nothing until one is set; its corners are replaced with the image. */
const SOURCE_SPEC: SourceSpecification = {
  type: 'image',
  coordinates: [
    [0, 1],
    [1, 1],
    [1, 0],
    [0, 0],
  ],
};

const LAYERS: AddLayerObject[] = [
  {
    id: 'density-raster',
    type: 'raster',
    source: SOURCE,
    paint: { 'raster-opacity': 0.55, 'raster-fade-duration': 0, 'raster-resampling': 'nearest' },
  },
];

/** One transparent pixel: how an image source is emptied (it has no way to drop its image). */
const NOTHING = { width: 1, height: 1, pixels: new Uint8ClampedArray(4) };

/**
 * The hourly stroke density grid as coloured squares under the strokes, drawn as one image (`densityRaster`):
 * the squares need no tiling in MapLibre's worker, and the map shows them in its next frame. Its raster
 * program is the radar's, made unseen as home's map shows (`RADAR_WARM_UP`).
 */
export function DensityLayer({ grid, opacity = 1 }: { grid: DensityGrid; opacity?: number }) {
  const source = useMapLayers(SOURCE, SOURCE_SPEC, LAYERS, 'data') as unknown as ImageSource | null;
  useLayerOpacity(LAYERS, opacity, source !== null);
  useEffect(() => {
    if (!source) return;
    const raster = densityRaster(grid);
    const { width, height, pixels } = raster ?? NOTHING;
    source.updateImage({
      image: new ImageData(pixels, width, height),
      ...(raster ? { coordinates: raster.corners } : {}),
    });
  }, [source, grid]);
  return null;
}
