import type { CellProperties } from '@thunderwatch/shared/schemas/cells';
import type { LocationShape } from '@thunderwatch/shared/schemas/geo';

/**
 * What a cell's popup says about it beyond its numbers: its age, its heading as a compass point, and which
 * of my locations its nowcast reaches and by when. Cones and sites span tens of km, so the tests are done
 * on longitude/latitude as a plane (no site straddles the antimeridian).
 */

type Ring = readonly (readonly number[])[];

/** Ray casting: whether [lon, lat] lies inside a closed ring (on an edge counts either way). */
export function pointInRing(point: readonly number[], ring: Ring): boolean {
  const [x = 0, y = 0] = point;
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi = 0, yi = 0] = ring[i] ?? [];
    const [xj = 0, yj = 0] = ring[j] ?? [];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Whether a location (a point, or a polygon's outer ring) and a ring touch: a vertex of one inside the other. */
export function shapeMeetsRing(shape: LocationShape, ring: Ring): boolean {
  if (shape.type === 'Point') return pointInRing(shape.coordinates, ring);
  const outer = shape.coordinates[0] ?? [];
  return outer.some((v) => pointInRing(v, ring)) || ring.some((v) => pointInRing(v, outer));
}

export interface Reach {
  name: string;
  /** 0: inside the cell now; else the first nowcast lead (minutes) whose polygon reaches it. */
  leadMin: number;
}

/** My locations the cell covers now or is expected to reach, soonest first (then by name). */
export function nowcastReach(
  cell: { geometry: { coordinates: Ring[] }; properties: Pick<CellProperties, 'nowcast'> },
  locations: readonly { name: string; shape: LocationShape }[],
): Reach[] {
  const leads = [
    { leadMin: 0, ring: cell.geometry.coordinates[0] ?? [] },
    ...[...cell.properties.nowcast]
      .sort((a, b) => a.lead_min - b.lead_min)
      .map((n) => ({ leadMin: n.lead_min, ring: n.geometry.coordinates[0] ?? [] })),
  ];
  const out: Reach[] = [];
  for (const location of locations) {
    const first = leads.find((l) => shapeMeetsRing(location.shape, l.ring));
    if (first) out.push({ name: location.name, leadMin: first.leadMin });
  }
  return out.sort((a, b) => a.leadMin - b.leadMin || a.name.localeCompare(b.name));
}

/** Whole minutes from the cell's birth to the step shown. */
export function cellAgeMin(cell: Pick<CellProperties, 'time' | 'born_at'>): number {
  return Math.max(0, Math.round((Date.parse(cell.time) - Date.parse(cell.born_at)) / 60_000));
}

export const COMPASS_16 = [
  'N',
  'NNE',
  'NE',
  'ENE',
  'E',
  'ESE',
  'SE',
  'SSE',
  'S',
  'SSW',
  'SW',
  'WSW',
  'W',
  'WNW',
  'NW',
  'NNW',
] as const;
export type Compass16 = (typeof COMPASS_16)[number];

/** The nearest of 16 compass points; each covers 22.5° centred on it (N is 348.75°–11.25°). */
export function compass16(directionDeg: number): Compass16 {
  const normalised = ((directionDeg % 360) + 360) % 360;
  return COMPASS_16[Math.round(normalised / 22.5) % 16] as Compass16;
}
