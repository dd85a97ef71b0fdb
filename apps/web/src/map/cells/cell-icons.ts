import type { Map as MapLibreMap } from 'maplibre-gl';
import { JUMP_COLOR } from './cell-features';

/**
 * The cell layer's images, drawn on canvases (the map has no sprite sheet or glyph server): the motion
 * arrow's head (pointing north; the layer turns it), the lightning-jump bolt, and nowcast lead labels.
 */

export const ARROW_HEAD_ICON = 'cell-arrow-head';
export const JUMP_ICON = 'cell-jump';
export const leadIconId = (leadMin: number) => `cell-lead:${leadMin}`;

const RATIO = 2;
const FONT = `600 ${11 * RATIO}px system-ui, "Segoe UI", "PingFang SC", "Noto Sans CJK SC", sans-serif`;

function canvas(width: number, height: number) {
  const element = document.createElement('canvas');
  element.width = width;
  element.height = height;
  // A CPU canvas: reading a GPU one back stalls on software WebGL.
  const ctx = element.getContext('2d', { willReadFrequently: true });
  return ctx ? { ctx, image: () => ctx.getImageData(0, 0, width, height) } : null;
}

function arrowHead(): ImageData | null {
  const size = 18 * RATIO;
  const c = canvas(size, size);
  if (!c) return null;
  const { ctx } = c;
  ctx.beginPath();
  ctx.moveTo(size / 2, RATIO);
  ctx.lineTo(size - 3 * RATIO, size - 3 * RATIO);
  ctx.lineTo(size / 2, size - 7 * RATIO);
  ctx.lineTo(3 * RATIO, size - 3 * RATIO);
  ctx.closePath();
  ctx.fillStyle = '#f8fafc';
  ctx.strokeStyle = 'rgba(5, 8, 15, 0.9)';
  ctx.lineWidth = 1.5 * RATIO;
  ctx.stroke();
  ctx.fill();
  return c.image();
}

function bolt(): ImageData | null {
  const size = 22 * RATIO;
  const c = canvas(size, size);
  if (!c) return null;
  const { ctx } = c;
  const s = size / 22;
  ctx.beginPath();
  ctx.arc(size / 2, size / 2, size / 2 - RATIO, 0, Math.PI * 2);
  ctx.fillStyle = JUMP_COLOR;
  ctx.fill();
  ctx.beginPath();
  for (const [i, [x, y]] of [
    [12.5, 3.5],
    [6, 12.5],
    [10.5, 12.5],
    [9, 18.5],
    [16, 9],
    [11.5, 9],
  ].entries()) {
    if (i === 0) ctx.moveTo((x ?? 0) * s, (y ?? 0) * s);
    else ctx.lineTo((x ?? 0) * s, (y ?? 0) * s);
  }
  ctx.closePath();
  ctx.fillStyle = '#ffffff';
  ctx.fill();
  return c.image();
}

function leadLabel(text: string): ImageData | null {
  const probe = canvas(1, 1);
  if (!probe) return null;
  probe.ctx.font = FONT;
  const width = Math.ceil(probe.ctx.measureText(text).width + 10 * RATIO);
  const height = 16 * RATIO;
  const c = canvas(width, height);
  if (!c) return null;
  const { ctx } = c;
  ctx.fillStyle = 'rgba(13, 20, 34, 0.85)';
  ctx.strokeStyle = 'rgba(226, 232, 240, 0.7)';
  ctx.lineWidth = RATIO;
  ctx.beginPath();
  ctx.roundRect(RATIO / 2, RATIO / 2, width - RATIO, height - RATIO, height / 2);
  ctx.fill();
  ctx.stroke();
  ctx.font = FONT;
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#e2e8f0';
  ctx.fillText(text, 5 * RATIO, height / 2 + RATIO / 2);
  return c.image();
}

export function addCellIcons(map: MapLibreMap): void {
  for (const [id, draw] of [
    [ARROW_HEAD_ICON, arrowHead],
    [JUMP_ICON, bolt],
  ] as const) {
    if (map.hasImage(id)) continue;
    const image = draw();
    if (image) map.addImage(id, image, { pixelRatio: RATIO });
  }
}

/**
 * Adds the label of each lead, worded by `text`; `drawn` remembers the wording of each label on the map, so
 * a label is drawn again only when it is new or its wording changed (the language).
 */
export function setLeadIcons(
  map: MapLibreMap,
  leads: Iterable<number>,
  text: (leadMin: number) => string,
  drawn: Map<number, string>,
) {
  for (const lead of leads) {
    const id = leadIconId(lead);
    const wording = text(lead);
    if (drawn.get(lead) === wording && map.hasImage(id)) continue;
    const image = leadLabel(wording);
    if (!image) continue;
    // Another wording may have another width, which updateImage does not allow: replace the image.
    if (map.hasImage(id)) map.removeImage(id);
    map.addImage(id, image, { pixelRatio: RATIO });
    drawn.set(lead, wording);
  }
}
