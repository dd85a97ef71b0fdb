/**
 * Where a location's name goes on screen: beside its outer ring (below it first, then above, right, left),
 * never across the ring and never cut off by the map's edge (sliding along the ring's edge if need be).
 * Pure; the layer projects the candidates.
 */

export type LabelSide = 'below' | 'above' | 'right' | 'left';
export type ScreenPoint = readonly [number, number];

export interface LabelCandidate {
  side: LabelSide;
  /** The candidate's anchor on screen: the ring's edge on that side (or the location itself). */
  at: ScreenPoint;
}

/** A chosen candidate and how far its label slides along the ring's edge (x for below/above, else y). */
export interface LabelPlace extends LabelCandidate {
  shift: number;
}

export interface Size {
  width: number;
  height: number;
}

/** Space between a ring and its label, in CSS pixels. */
export const LABEL_GAP = 6;
/** Screen margin a label keeps from the map's edge. */
const EDGE = 4;

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The box a label of `size` takes when it hangs off `at` on `side`, slid by `shift` along that side. */
export function labelBox(candidate: LabelCandidate, size: Size, shift = 0, gap = LABEL_GAP): Box {
  const [x, y] = candidate.at;
  const { width, height } = size;
  switch (candidate.side) {
    case 'below':
      return { x0: x + shift - width / 2, y0: y + gap, x1: x + shift + width / 2, y1: y + gap + height };
    case 'above':
      return { x0: x + shift - width / 2, y0: y - gap - height, x1: x + shift + width / 2, y1: y - gap };
    case 'right':
      return { x0: x + gap, y0: y + shift - height / 2, x1: x + gap + width, y1: y + shift + height / 2 };
    case 'left':
      return { x0: x - gap - width, y0: y + shift - height / 2, x1: x - gap, y1: y + shift + height / 2 };
  }
}

/**
 * How far a label slides to come inside the viewport: along its side, by at most half its length less a
 * little, so that it still touches the point it names.
 */
function slide(candidate: LabelCandidate, size: Size, viewport: Size): number {
  const box = labelBox(candidate, size);
  const across = candidate.side === 'below' || candidate.side === 'above';
  const [low, high, length, limit] = across
    ? [box.x0, box.x1, size.width, viewport.width]
    : [box.y0, box.y1, size.height, viewport.height];
  const reach = Math.max(0, length / 2 - 2 * EDGE);
  const wanted = low < EDGE ? EDGE - low : high > limit - EDGE ? limit - EDGE - high : 0;
  return Math.max(-reach, Math.min(reach, wanted));
}

const inside = (box: Box, viewport: Size) =>
  box.x0 >= 0 && box.y0 >= 0 && box.x1 <= viewport.width && box.y1 <= viewport.height;

function visibleArea(box: Box, viewport: Size): number {
  const w = Math.min(box.x1, viewport.width) - Math.max(box.x0, 0);
  const h = Math.min(box.y1, viewport.height) - Math.max(box.y0, 0);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * The first candidate whose label (slid along its side if need be) lies wholly inside the viewport, else the
 * one showing most of it (the first when none shows any). Candidates come in order of preference.
 */
export function chooseLabelCandidate(
  candidates: readonly LabelCandidate[],
  size: Size,
  viewport: Size,
): LabelPlace | null {
  let best: LabelPlace | null = null;
  let bestArea = -1;
  for (const candidate of candidates) {
    const shift = slide(candidate, size, viewport);
    const box = labelBox(candidate, size, shift);
    if (inside(box, viewport)) return { ...candidate, shift };
    const area = visibleArea(box, viewport);
    if (area > bestArea) {
      best = { ...candidate, shift };
      bestArea = area;
    }
  }
  return best;
}
