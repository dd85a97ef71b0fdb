import type { Map as MapLibreMap } from 'maplibre-gl';

export const PLUS_ICON = 'stroke-plus';
export const MINUS_ICON = 'stroke-minus';

const SIZE = 24;
const RATIO = 2;

/** A white + or − with a dark outline, drawn on a canvas (no sprite sheet to download). */
function glyph(plus: boolean): ImageData | null {
  const canvas = document.createElement('canvas');
  canvas.width = SIZE;
  canvas.height = SIZE;
  // A CPU canvas: reading a GPU one back stalls for hundreds of ms on software WebGL.
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return null;
  const mid = SIZE / 2;
  const arm = SIZE * 0.32;
  const draw = (width: number, color: string) => {
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    ctx.lineCap = 'round';
    ctx.beginPath();
    ctx.moveTo(mid - arm, mid);
    ctx.lineTo(mid + arm, mid);
    if (plus) {
      ctx.moveTo(mid, mid - arm);
      ctx.lineTo(mid, mid + arm);
    }
    ctx.stroke();
  };
  draw(7, 'rgba(5, 8, 15, 0.9)');
  draw(3, '#ffffff');
  return ctx.getImageData(0, 0, SIZE, SIZE);
}

export function addStrokeIcons(map: MapLibreMap): void {
  for (const [id, plus] of [
    [PLUS_ICON, true],
    [MINUS_ICON, false],
  ] as const) {
    if (map.hasImage(id)) continue;
    const image = glyph(plus);
    if (image) map.addImage(id, image, { pixelRatio: RATIO });
  }
}
