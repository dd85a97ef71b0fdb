import type { LocationShape, Position } from '@thunderwatch/shared/schemas/geo';
import { LEVEL_COLOURS, type Level } from '@thunderwatch/shared/warnings';
import type { Map as MapLibreMap } from 'maplibre-gl';

/**
 * Location names on the map without a glyph server: each label is a small canvas image (a pill in the
 * location's level colour) made the first time MapLibre needs it, so only labels on screen cost anything.
 */

const PREFIX = 'location-label:';
const RATIO = 2;
const FONT_PX = 13;
const PAD_X = 7;
const PAD_Y = 3;
const MAX_CHARS = 40;

/** The image id of a label; level and name are all the image depends on. */
export const labelImageId = (level: Level, name: string) => `${PREFIX}${level}:${name.slice(0, MAX_CHARS)}`;

/** Level and name back from an image id, or null for someone else's image. */
export function parseLabelImageId(id: string): { level: Level; name: string } | null {
  if (!id.startsWith(PREFIX)) return null;
  const rest = id.slice(PREFIX.length);
  const colon = rest.indexOf(':');
  const level = Number(rest.slice(0, colon));
  if (colon < 0 || !(level === 0 || level === 1 || level === 2 || level === 3)) return null;
  return { level, name: rest.slice(colon + 1) };
}

/** Where a location's name goes: the point itself, or the mean of a polygon's outer vertices. */
export function labelAnchor(shape: LocationShape): Position {
  if (shape.type === 'Point') return shape.coordinates;
  const outer = shape.coordinates[0] ?? [];
  // The closing vertex repeats the first; counting it twice would pull the anchor towards it.
  const open = outer.length > 1 ? outer.slice(0, -1) : outer;
  let lon = 0;
  let lat = 0;
  for (const [x, y] of open) {
    lon += x;
    lat += y;
  }
  return open.length === 0 ? [0, 0] : [lon / open.length, lat / open.length];
}

function drawLabel(level: Level, name: string): ImageData | null {
  const canvas = document.createElement('canvas');
  // A CPU canvas: reading a GPU one back stalls on software WebGL.
  const measure = canvas.getContext('2d', { willReadFrequently: true });
  if (!measure) return null;
  const font = `600 ${FONT_PX * RATIO}px system-ui, "Segoe UI", "PingFang SC", "Noto Sans CJK SC", sans-serif`;
  measure.font = font;
  const width = Math.ceil(measure.measureText(name).width + 2 * PAD_X * RATIO);
  const height = (FONT_PX + 2 * PAD_Y) * RATIO + 2 * RATIO;
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return null;
  ctx.fillStyle = LEVEL_COLOURS[level];
  ctx.strokeStyle = 'rgba(5, 8, 15, 0.85)';
  ctx.lineWidth = RATIO;
  ctx.beginPath();
  ctx.roundRect(RATIO / 2, RATIO / 2, width - RATIO, height - RATIO, height / 2);
  ctx.fill();
  ctx.stroke();
  ctx.font = font;
  ctx.textBaseline = 'middle';
  ctx.fillStyle = level === 3 ? '#ffffff' : '#0b0f17';
  ctx.fillText(name, PAD_X * RATIO, height / 2 + RATIO / 2);
  return ctx.getImageData(0, 0, width, height);
}

/**
 * Makes label images on demand (MapLibre asks for each the first time a tile needs it); returns the
 * function that stops doing so. A map has one resolver: label images are the only ones made on demand.
 */
export function provideLabelImages(map: MapLibreMap): () => void {
  map.setMissingStyleImageResolver((id) => {
    const label = parseLabelImageId(id);
    if (!label || map.hasImage(id)) return;
    const image = drawLabel(label.level, label.name);
    if (image) map.addImage(id, image, { pixelRatio: RATIO });
  });
  return () => {
    map.setMissingStyleImageResolver(null);
  };
}
