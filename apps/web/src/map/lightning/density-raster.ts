import { DENSITY_STOPS } from '@thunderwatch/shared/map-layers';
import type { DensityGrid } from './density';

/** The longest side of the image: every graphics card (and SwiftShader) takes textures this large. */
export const MAX_SIDE = 2048;
/** Rows of the image per cell, at least: cell edges fall between rows, off by an eighth of a cell at most. */
export const ROWS_PER_CELL = 4;
/** Web Mercator's edge: cells beyond it are not on the map. */
const MERCATOR_MAX_LAT = 85.051129;

/** The grid drawn as one image: straight RGBA rows north to south, and the corners it covers (NW, NE, SE, SW). */
export interface DensityRaster {
  width: number;
  height: number;
  pixels: Uint8ClampedArray<ArrayBuffer>;
  corners: [[number, number], [number, number], [number, number], [number, number]];
}

const rgb = (hex: string) =>
  [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
const STOP_RGB = DENSITY_STOPS.map(([n, c]) => [n, rgb(c)] as const);

/** The colour of a cell with `count` strokes: the last stop at or below it (the first below the first). */
export function densityColour(count: number): [number, number, number] {
  let colour = STOP_RGB[0]?.[1] ?? [0, 0, 0];
  for (const [n, c] of STOP_RGB) if (count >= n) colour = c;
  return colour;
}

/** Web Mercator's y of a latitude (radians of the equator's arc, north up). */
const mercatorY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));

/**
 * The grid as one image for MapLibre's image source, stretched over the cells' extent. MapLibre places an image
 * linearly in Web Mercator, so rows are spaced in Mercator y: one column per cell (its edges exact, as long as
 * there are no more than `MAX_SIDE` columns) and at least `ROWS_PER_CELL` rows per cell (edges off by an
 * eighth of a cell at most). A cell covers at least one pixel; where cells share one (a grid wider than the
 * image), the busiest shows. Null for a grid with nothing on the map.
 *
 * Its size comes from the grid's extent and resolution before anything is allocated, within `MAX_SIDE` squared.
 */
export function densityRaster({ resolution, cells }: DensityGrid): DensityRaster | null {
  if (cells.length === 0 || !(resolution > 0)) return null;
  let west = Number.POSITIVE_INFINITY;
  let east = Number.NEGATIVE_INFINITY;
  let south = Number.POSITIVE_INFINITY;
  let north = Number.NEGATIVE_INFINITY;
  for (const { lat, lon } of cells) {
    west = Math.min(west, lon);
    east = Math.max(east, lon + resolution);
    south = Math.min(south, lat);
    north = Math.max(north, lat + resolution);
  }
  south = Math.max(south, -MERCATOR_MAX_LAT);
  north = Math.min(north, MERCATOR_MAX_LAT);
  if (!(north > south) || !(east > west)) return null;

  const width = Math.min(MAX_SIDE, Math.max(1, Math.round((east - west) / resolution)));
  const top = mercatorY(north);
  const span = top - mercatorY(south);
  // A cell is shortest in Mercator at the equator, where it spans its resolution in radians.
  const height = Math.min(
    MAX_SIDE,
    Math.max(1, Math.ceil((span * ROWS_PER_CELL) / ((resolution * Math.PI) / 180))),
  );
  const pixels = new Uint8ClampedArray(width * height * 4);

  const column = (lon: number) => Math.round(((lon - west) / (east - west)) * width);
  const row = (lat: number) =>
    Math.round(
      ((top - mercatorY(Math.max(-MERCATOR_MAX_LAT, Math.min(MERCATOR_MAX_LAT, lat)))) / span) * height,
    );
  // The busiest last, so it is the one seen where cells share a pixel.
  const byCount = [...cells].sort((a, b) => a.count - b.count);
  for (const { lat, lon, count } of byCount) {
    if (lat + resolution <= south || lat >= north || count <= 0) continue;
    const [r, g, b] = densityColour(count);
    const x0 = Math.min(width - 1, column(lon));
    const x1 = Math.max(x0 + 1, Math.min(width, column(lon + resolution)));
    const y0 = Math.min(height - 1, row(lat + resolution));
    const y1 = Math.max(y0 + 1, Math.min(height, row(lat)));
    for (let y = y0; y < y1; y++) {
      for (let i = (y * width + x0) * 4, end = (y * width + x1) * 4; i < end; i += 4) {
        pixels[i] = r;
        pixels[i + 1] = g;
        pixels[i + 2] = b;
        pixels[i + 3] = 255;
      }
    }
  }
  return {
    width,
    height,
    pixels,
    corners: [
      [west, north],
      [east, north],
      [east, south],
      [west, south],
    ],
  };
}
