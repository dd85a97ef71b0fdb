import type { CellFeature, CellTrend } from '@thunderwatch/shared/schemas/cells';
import type { Level, RingLevel } from '@thunderwatch/shared/warnings';
import { insideRing, type LatLon, localPlane, ringToPlane, type XY } from '../cells/cell-plane.js';
import { bearingDeg, distanceKm } from '../geo/geodesy.js';
import type { LevelChange, RingRule } from './ring-rules.js';

/**
 * Predicted warnings: a storm cell about to bring lightning raises an early warning before any ring fires.
 * - A threat is either of:
 *   - a jump: a cell flagged with a lightning jump in the latest tracker step whose outline, or its +30 min
 *     nowcast, comes within `rangeKm` of the location;
 *   - a nowcast: a moving cell, active (at least `NOWCAST_THREAT.minFlashRatePerMin` flashes a minute) and
 *     not decaying, whose +30 min nowcast reaches the location (the location's site inside it, or its
 *     shape touching it): lightning is expected at the location within the half hour.
 *   Distances run from the location's shape to the polygon's boundary, edges sampled every 2 km; 0 when
 *   the location's site is inside the polygon.
 * - The location is `predicted` at the configured level from the first threat, and stays so until no
 *   threat has been seen for the all-clear time (that of the outermost ring of the configured level, else
 *   the longest of its rings').
 * - The level shown is the higher of the rings' and the prediction's. A ring that fires at or above the
 *   predicted level takes over (the location is no longer `predicted`); a lower ring never lowers the
 *   level shown while the prediction holds; once the rings clear, a prediction still held shows again.
 * - Disabled (the default), the location is never predicted and shows its rings' level alone.
 */
export interface PredictSetting {
  enabled: boolean;
  rangeKm: number;
  level: RingLevel;
}

type Ring = readonly (readonly [number, number])[];

/** A cell as the rule needs it: closed GeoJSON rings of [lon, lat]. */
export interface PredictCell {
  id: string;
  jump: boolean;
  flashRatePerMin: number;
  trend: CellTrend;
  centroid: LatLon;
  ring: Ring;
  /** The +30 min nowcast polygon, if any. */
  nowcast30: Ring | null;
  /** Where the cell moves (towards, degrees from north), null when the tracker has no motion yet. */
  motion: { speedKmh: number; directionDeg: number } | null;
}

/** What makes a cell a threat: a lightning jump in range, or its nowcast reaching the location. */
export type ThreatReason = 'jump' | 'nowcast';

/** Which cells' nowcasts are threats: moving, not decaying, and at least this active. */
export const NOWCAST_THREAT = { minFlashRatePerMin: 2 } as const;

/** The cell behind a threat, as an alarm tells it. */
export interface PredictThreat {
  cellId: string;
  reason: ThreatReason;
  /** From the location to the cell's outline now, km (0 inside or over it). */
  km: number;
  /** From the location's site to the cell's centroid, degrees from north. */
  bearingDeg: number;
  motion: { speedKmh: number; directionDeg: number } | null;
}

/** A tracker step's cell (the GeoJSON of /api/scz) as the rule reads it. */
export function predictCellOf(f: CellFeature): PredictCell {
  const p = f.properties;
  const ahead = p.nowcast.find((n) => n.lead_min === 30);
  return {
    id: p.id,
    jump: p.jump,
    flashRatePerMin: p.flash_rate_per_min,
    trend: p.trend,
    centroid: { lat: p.centroid[1], lon: p.centroid[0] },
    ring: f.geometry.coordinates[0] ?? [],
    nowcast30: ahead?.geometry.coordinates[0] ?? null,
    motion: p.motion ? { speedKmh: p.motion.speed_kmh, directionDeg: p.motion.direction_deg } : null,
  };
}

export interface PredictedState {
  /** The predicted level, 0 when not predicted. */
  level: Level;
  /** When it began (epoch ms), null while 0. */
  sinceMs: number | null;
  /** The last evaluation that saw a threat, null before any. */
  lastThreatMs: number | null;
}

export const INITIAL_PREDICTED: PredictedState = { level: 0, sinceMs: null, lastThreatMs: null };

const SAMPLE_KM = 2;

/**
 * Distance from the location to a polygon's boundary (0 when its site is inside), km; Infinity when it is
 * surely more than `limitKm`. Edges are sampled every 2 km, nearest first, and only while they can still
 * come nearer than the best so far (or the limit): on the site's azimuthal equidistant plane (exact
 * distances from the site on the sphere) an edge's segment is at least that far, less 0.6 % (sphere
 * against ellipsoid), 1 km (an edge sampled in lat/lon against the plane's straight segment) and the
 * shape's reach from the site.
 */
function distanceToPolygon(
  ring: Ring,
  site: LatLon,
  toLocationKm: (lat: number, lon: number) => number,
  reachKm: number,
  limitKm: number,
  centre: LatLon,
): number {
  // First the cheapest bound: the site's distance to the cell's centre less the polygon's reach from it.
  const far = distanceKm(site.lat, site.lon, centre.lat, centre.lon) - reachFrom(centre, ring);
  if (far * 0.994 - 1 - reachKm > limitKm) return Number.POSITIVE_INFINITY;
  const xy = ringToPlane(localPlane(site), ring);
  if (insideRing(xy, 0, 0)) return 0;
  const edges: { i: number; bound: number }[] = [];
  // The plane ring is open (no closing point): edge i of the GeoJSON ring ends at plane point i + 1, or 0.
  for (let i = 0; i + 1 < ring.length; i++) {
    const bound = originToSegment(xy[i] as XY, xy[(i + 1) % xy.length] as XY) * 0.994 - 1 - reachKm;
    edges.push({ i, bound });
  }
  edges.sort((a, b) => a.bound - b.bound);
  let best = Number.POSITIVE_INFINITY;
  for (const { i, bound } of edges) {
    if (bound > Math.min(best, limitKm)) break;
    const [lon1, lat1] = ring[i] as readonly [number, number];
    const [lon2, lat2] = ring[i + 1] as readonly [number, number];
    const steps = Math.max(1, Math.ceil(distanceKm(lat1, lon1, lat2, lon2) / SAMPLE_KM));
    for (let k = 0; k <= steps; k++) {
      const f = k / steps;
      best = Math.min(best, toLocationKm(lat1 + (lat2 - lat1) * f, lon1 + (lon2 - lon1) * f));
    }
  }
  return best;
}

/** How far a polygon's vertices reach from a point, km (kept per ring: a step's cells meet many sites). */
const reaches = new WeakMap<Ring, { centre: LatLon; km: number }>();
function reachFrom(centre: LatLon, ring: Ring): number {
  const known = reaches.get(ring);
  if (known?.centre === centre) return known.km;
  let km = 0;
  for (const [lon, lat] of ring) km = Math.max(km, distanceKm(centre.lat, centre.lon, lat, lon));
  reaches.set(ring, { centre, km });
  return km;
}

function originToSegment([ax, ay]: XY, [bx, by]: XY): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
  return Math.hypot(ax + t * dx, ay + t * dy);
}

/** Whether a cell can threaten by its nowcast alone (without a jump). */
export function nowcastCandidate(c: PredictCell): boolean {
  return (
    c.motion !== null &&
    c.nowcast30 !== null &&
    c.trend !== 'decaying' &&
    c.flashRatePerMin >= NOWCAST_THREAT.minFlashRatePerMin
  );
}

/** Whether a cell of a tracker step can be a threat at all (a jump, or a nowcast candidate). */
export function threatCandidate(c: PredictCell): boolean {
  return c.jump || nowcastCandidate(c);
}

/**
 * The cell that threatens the location, if any: a jumping cell with its outline or its +30 min nowcast
 * within `rangeKm`, or a nowcast candidate whose +30 min nowcast reaches the location; of several, the
 * nearest now (a jump before a nowcast at equal distance). `site` is a point of the location (inside
 * tests), `toLocationKm` the distance from a point to its shape, `reachKm` how far the shape reaches from
 * `site` (0 for a point): polygons surely out of range are passed over without measuring.
 */
export function cellThreat(
  cells: readonly PredictCell[],
  site: LatLon,
  toLocationKm: (lat: number, lon: number) => number,
  rangeKm: number,
  reachKm = 0,
): PredictThreat | null {
  let best: PredictThreat | null = null;
  for (const c of cells) {
    const reason: ThreatReason | null = c.jump ? 'jump' : nowcastCandidate(c) ? 'nowcast' : null;
    if (reason === null) continue;
    // A jump threatens from `rangeKm`; a nowcast only once it reaches the location.
    const within = reason === 'jump' ? rangeKm : 0;
    const bestKm: number = best?.km ?? Number.POSITIVE_INFINITY;
    const ahead = c.nowcast30
      ? distanceToPolygon(c.nowcast30, site, toLocationKm, reachKm, within, c.centroid)
      : Number.POSITIVE_INFINITY;
    const aheadInRange = ahead <= within;
    if (reason === 'nowcast' && !aheadInRange) continue;
    // Now: measured when it can make the cell a threat, or the nearest one.
    const cap = aheadInRange ? bestKm : Math.min(within, bestKm);
    const now = distanceToPolygon(c.ring, site, toLocationKm, reachKm, cap, c.centroid);
    if (!(aheadInRange || now <= within) || now > bestKm) continue;
    if (now === bestKm && !(reason === 'jump' && best?.reason === 'nowcast')) continue;
    best = {
      cellId: c.id,
      reason,
      km: now,
      bearingDeg: bearingDeg(site.lat, site.lon, c.centroid.lat, c.centroid.lon),
      motion: c.motion,
    };
  }
  return best;
}

/**
 * The predicted-warning rule, one evaluation at `nowMs`: the new state from the old one, whether a threat
 * is seen now, and the all-clear time (`predictAllClearMs`). Pure; the live engine and the backtest both
 * call it. The rings do not enter: the level shown combines both (`shownLevel`).
 */
export function nextPredicted(
  setting: PredictSetting | null,
  state: PredictedState,
  input: { threat: boolean; nowMs: number; allClearMs: number },
): PredictedState {
  if (!setting?.enabled) return INITIAL_PREDICTED;
  const lastThreatMs = input.threat ? input.nowMs : state.lastThreatMs;
  const fresh = lastThreatMs !== null && input.nowMs - lastThreatMs < input.allClearMs;
  if (!fresh) {
    return state.level === 0 && state.lastThreatMs === lastThreatMs
      ? state
      : { level: 0, sinceMs: null, lastThreatMs };
  }
  if (state.level === setting.level)
    return state.lastThreatMs === lastThreatMs ? state : { ...state, lastThreatMs };
  return { level: setting.level, sinceMs: input.nowMs, lastThreatMs };
}

/** When a prediction held at `nowMs` lapses without a new threat (null when none is held). */
export function predictedClearAt(state: PredictedState, allClearMs: number): number | null {
  return state.level > 0 && state.lastThreatMs !== null ? state.lastThreatMs + allClearMs : null;
}

/** The all-clear time of a prediction at `level`: the outermost ring of that level's, else the longest. */
export function predictAllClearMs(rules: readonly RingRule[], level: RingLevel): number {
  const same = rules.filter((r) => r.level === level).sort((a, b) => b.radiusKm - a.radiusKm)[0];
  return same ? same.allClearMs : Math.max(0, ...rules.map((r) => r.allClearMs));
}

/** The level a location shows: the higher of its rings' and its prediction's (`predicted` when above). */
export function shownLevel(
  ringLevel: Level,
  predicted: PredictedState,
): { level: Level; predicted: boolean } {
  if (predicted.level > ringLevel) return { level: predicted.level, predicted: true };
  return { level: ringLevel, predicted: false };
}

/** A change of what a location shows; `ring` is the change of the rings behind it, if any. */
export interface ShownChange {
  from: Level;
  to: Level;
  fromPredicted: boolean;
  predicted: boolean;
  atMs: number;
  ring: LevelChange | null;
}

/**
 * The changes of the level shown by one engine step: first the prediction's, from level `before` to
 * `after` at `atMs` with the rings at `ringLevel` (left out when nothing shown changes), then each of the
 * rings' changes with the prediction at `after` (each kept, even when the level shown stays: the rings'
 * own history is recorded as it was). Without a prediction the changes are the rings' own.
 */
export function shownChanges(
  ringLevel: Level,
  before: Level,
  after: Level,
  atMs: number,
  ringEvents: readonly LevelChange[],
): ShownChange[] {
  const out: ShownChange[] = [];
  const was = shownLevel(ringLevel, levelOnly(before));
  const now = shownLevel(ringLevel, levelOnly(after));
  if (was.level !== now.level || was.predicted !== now.predicted) {
    out.push({
      from: was.level,
      to: now.level,
      fromPredicted: was.predicted,
      predicted: now.predicted,
      atMs,
      ring: null,
    });
  }
  const p = levelOnly(after);
  for (const e of ringEvents) {
    const from = shownLevel(e.from, p);
    const to = shownLevel(e.to, p);
    out.push({
      from: from.level,
      to: to.level,
      fromPredicted: from.predicted,
      predicted: to.predicted,
      atMs: e.atMs,
      ring: e,
    });
  }
  return out;
}

const levelOnly = (level: Level): PredictedState => ({ level, sinceMs: null, lastThreatMs: null });
