import type { Map as MapLibreMap } from 'maplibre-gl';
import { HAZARD_COLORS, HAZARD_NAMES, type HazardName } from './flight-features';

/** The aircraft icon per hazard colour, drawn on a canvas (the map has no sprite sheet), nose to the north. */
export const planeIconId = (hazard: HazardName) => `flight-plane:${hazard}`;

const RATIO = 2;
const SIZE = 22;

/** A plane seen from above in a 22 × 22 box: fuselage, swept wings, tailplane. */
const OUTLINE: [number, number][] = [
  [11, 1],
  [12.4, 3],
  [12.6, 8.5],
  [20.5, 13],
  [20.5, 14.6],
  [12.6, 12.2],
  [12.3, 17.2],
  [15, 19.2],
  [15, 20.5],
  [11, 19.5],
  [7, 20.5],
  [7, 19.2],
  [9.7, 17.2],
  [9.4, 12.2],
  [1.5, 14.6],
  [1.5, 13],
  [9.4, 8.5],
  [9.6, 3],
];

function plane(color: string): ImageData | null {
  const size = SIZE * RATIO;
  const element = document.createElement('canvas');
  element.width = size;
  element.height = size;
  const ctx = element.getContext('2d', { willReadFrequently: true });
  if (!ctx) return null;
  ctx.beginPath();
  for (const [i, [x, y]] of OUTLINE.entries()) {
    if (i === 0) ctx.moveTo(x * RATIO, y * RATIO);
    else ctx.lineTo(x * RATIO, y * RATIO);
  }
  ctx.closePath();
  ctx.fillStyle = color;
  ctx.strokeStyle = 'rgba(5, 8, 15, 0.9)';
  ctx.lineWidth = 1.2 * RATIO;
  ctx.lineJoin = 'round';
  ctx.stroke();
  ctx.fill();
  return ctx.getImageData(0, 0, size, size);
}

export function addPlaneIcons(map: MapLibreMap): void {
  for (const hazard of HAZARD_NAMES) {
    const id = planeIconId(hazard);
    if (map.hasImage(id)) continue;
    const image = plane(HAZARD_COLORS[hazard]);
    if (image) map.addImage(id, image, { pixelRatio: RATIO });
  }
}
