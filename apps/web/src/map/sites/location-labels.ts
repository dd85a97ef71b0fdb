import type { LocationShape, Position } from '@thunderwatch/shared/schemas/geo';
import type { Map as MapLibreMap } from 'maplibre-gl';

/**
 * Names on the map without a glyph server (locations, devices): each label is a small canvas image (a pill in
 * the colour of what it names: a location's level, a device's status) made the first time MapLibre needs it,
 * so only labels on screen cost anything.
 */

const PREFIX = 'name-label:';
const RATIO = 2;
const FONT_PX = 13;
const PAD_X = 7;
const PAD_Y = 3;
const MAX_CHARS = 48;

/** A name as its label shows it: cut with an ellipsis past MAX_CHARS. */
const shown = (name: string) => (name.length > MAX_CHARS ? `${name.slice(0, MAX_CHARS - 1)}…` : name);

/** The image id of a label; its colour (`#rrggbb`) and name are all the image depends on. */
export const labelImageId = (colour: string, name: string) => `${PREFIX}${colour}:${shown(name)}`;

/** Colour and name back from an image id, or null for someone else's image. */
export function parseLabelImageId(id: string): { colour: string; name: string } | null {
  if (!id.startsWith(PREFIX)) return null;
  const rest = id.slice(PREFIX.length);
  const colon = rest.indexOf(':');
  const colour = rest.slice(0, colon);
  if (colon < 0 || !/^#[0-9a-f]{6}$/i.test(colour)) return null;
  return { colour, name: rest.slice(colon + 1) };
}

/** Dark or white text on a pill of `colour`: whichever contrasts more (WCAG relative luminance). */
export function textColourOn(colour: string): '#0b0f17' | '#ffffff' {
  const channel = (i: number) => {
    const c = Number.parseInt(colour.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return luminance > 0.179 ? '#0b0f17' : '#ffffff';
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

const FONT = `600 ${FONT_PX * RATIO}px system-ui, "Segoe UI", "PingFang SC", "Noto Sans CJK SC", sans-serif`;
let measurer: CanvasRenderingContext2D | null = null;
const sizes = new Map<string, { width: number; height: number }>();

/** A label's size in image pixels (RATIO per CSS pixel), measured once per name. */
function imageSize(name: string): { width: number; height: number } | null {
  const known = sizes.get(name);
  if (known) return known;
  // A CPU canvas: reading a GPU one back stalls on software WebGL.
  measurer ??= document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  if (!measurer) return null;
  measurer.font = FONT;
  const size = {
    width: Math.ceil(measurer.measureText(name).width + 2 * PAD_X * RATIO),
    height: (FONT_PX + 2 * PAD_Y) * RATIO + 2 * RATIO,
  };
  sizes.set(name, size);
  return size;
}

/** The size a label takes on screen, in CSS pixels (for placing it clear of its ring and the map's edge). */
export function labelScreenSize(name: string): { width: number; height: number } {
  const size = imageSize(shown(name));
  return size ? { width: size.width / RATIO, height: size.height / RATIO } : { width: 0, height: 0 };
}

function drawLabel(colour: string, name: string): ImageData | null {
  // Measured again: the size cached for placing may be from before the web fonts loaded.
  sizes.delete(name);
  const size = imageSize(name);
  if (!size) return null;
  const { width, height } = size;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return null;
  ctx.fillStyle = colour;
  ctx.strokeStyle = 'rgba(5, 8, 15, 0.85)';
  ctx.lineWidth = RATIO;
  ctx.beginPath();
  ctx.roundRect(RATIO / 2, RATIO / 2, width - RATIO, height - RATIO, height / 2);
  ctx.fill();
  ctx.stroke();
  ctx.font = FONT;
  ctx.textBaseline = 'middle';
  ctx.fillStyle = textColourOn(colour);
  ctx.fillText(name, PAD_X * RATIO, height / 2 + RATIO / 2);
  return ctx.getImageData(0, 0, width, height);
}

/**
 * Makes label images on demand (MapLibre asks for each the first time a tile needs it); returns the
 * function that stops doing so. A map has one resolver (label images are the only ones made on demand),
 * shared by the map's name layers (locations, devices): it stays while any of them needs it.
 */
export function provideLabelImages(map: MapLibreMap): () => void {
  const users = resolverUsers.get(map) ?? 0;
  if (users === 0) {
    map.setMissingStyleImageResolver((id) => {
      const label = parseLabelImageId(id);
      if (!label || map.hasImage(id)) return;
      const image = drawLabel(label.colour, label.name);
      if (image) map.addImage(id, image, { pixelRatio: RATIO });
    });
  }
  resolverUsers.set(map, users + 1);
  return () => {
    const left = (resolverUsers.get(map) ?? 1) - 1;
    resolverUsers.set(map, left);
    if (left === 0) map.setMissingStyleImageResolver(null);
  };
}

/** How many name layers of each map use its image resolver. */
const resolverUsers = new WeakMap<MapLibreMap, number>();
