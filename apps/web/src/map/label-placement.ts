/**
 * Where a location's name goes on screen: beside its own marker, clear of the other names and markers and of
 * the map's edge. Pure; the layer projects the sites.
 */

export type LabelSide = 'below' | 'above' | 'right' | 'left';
export type ScreenPoint = readonly [number, number];

export interface LabelCandidate {
  side: LabelSide;
  /** The candidate's anchor on screen: the ring's edge on that side (or the location itself). */
  at: ScreenPoint;
}

export interface Size {
  width: number;
  height: number;
}

/** Space between a marker and its label, in CSS pixels. */
export const LABEL_GAP = 6;

export interface Box {
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

function visibleArea(box: Box, viewport: Size): number {
  const w = Math.min(box.x1, viewport.width) - Math.max(box.x0, 0);
  const h = Math.min(box.y1, viewport.height) - Math.max(box.y0, 0);
  return w > 0 && h > 0 ? w * h : 0;
}

/** A site's label to place: where its marker is on screen, the label's size, and who goes first. */
export interface SiteLabel {
  id: number | string;
  at: ScreenPoint;
  size: Size;
  /** Higher first: a red site's name is placed before a quiet one's. */
  priority: number;
}

const SIDES_AROUND_MARKER: readonly LabelSide[] = ['right', 'left', 'below', 'above'];

function overlap(a: Box, b: Box): number {
  const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * Every site's name beside its own marker (`markerRadius` + LABEL_GAP from its centre): right of it first,
 * then left, below, above. Sites go in priority order; each takes the first side that stays on screen and
 * covers no label placed before it and no other site's marker, else the side that covers least. Nothing is
 * hidden: where sites crowd, labels may touch, but each names its own site and none sits on another's marker.
 */
export function placeSiteLabels(
  sites: readonly SiteLabel[],
  viewport: Size,
  markerRadius: number,
  /** Screen boxes a label should not go under (panels floating over the map). */
  covered: readonly Box[] = [],
): Map<number | string, LabelSide> {
  const gap = markerRadius + LABEL_GAP;
  const markers = sites.map((s) => ({
    id: s.id,
    box: {
      x0: s.at[0] - markerRadius,
      y0: s.at[1] - markerRadius,
      x1: s.at[0] + markerRadius,
      y1: s.at[1] + markerRadius,
    },
  }));
  const placed: Box[] = [...covered];
  const out = new Map<number | string, LabelSide>();
  const order = [...sites].sort(
    (a, b) => b.priority - a.priority || String(a.id).localeCompare(String(b.id)),
  );
  for (const site of order) {
    let best: { side: LabelSide; box: Box; cost: number } | null = null;
    for (const side of SIDES_AROUND_MARKER) {
      const box = labelBox({ side, at: site.at }, site.size, 0, gap);
      const covered =
        placed.reduce((sum, other) => sum + overlap(box, other), 0) +
        markers.reduce((sum, m) => sum + (m.id === site.id ? 0 : overlap(box, m.box)), 0);
      const offScreen = site.size.width * site.size.height - visibleArea(box, viewport);
      const cost = covered + offScreen;
      if (!best || cost < best.cost) best = { side, box, cost };
      if (cost === 0) break;
    }
    if (best) {
      out.set(site.id, best.side);
      placed.push(best.box);
    }
  }
  return out;
}
