import type { CellLifecycle, CellSource, CellTrend } from '@thunderwatch/shared/schemas/cells';
import {
  denseCounts,
  HISTORY,
  type MinuteCount,
  type TrackPoint,
  trendOf,
  velocityOf,
} from './cell-history.js';
import { matchCells } from './cell-matching.js';
import type { LatLon } from './cell-plane.js';
import { type CellFlash, type FoundCell, findCells, SOURCES, type TrackerRadar } from './cell-sources.js';
import { JUMP_HISTORY_MIN, lightningJump } from './lightning-jump.js';

/** A step for minute T runs at T + 5 s, so that the strokes of its last seconds have been ingested. */
export const CELL_STEP_DELAY_MS = 5_000;

export type { CellFlash, TrackerRadar } from './cell-sources.js';

/**
 * The storm-cell tracker: a pure step `(state, flashes, now, radar?) → {state, cells}`, run once a minute.
 * 1. The flashes of the last 10 min (the clustering window) are clustered by single linkage over
 *    Earth-centred coordinates (`singleLinkage`): flashes within 8 km of each other share a cell; a cluster
 *    of fewer than 5 flashes is noise. Where radar is given, its ≥ 35 dBZ objects join the clusters they
 *    overlap, and those that overlap none are cells without flashes (`findCells`, cell-sources.ts).
 * 2. Each cell is measured on its own plane (`localPlane`): outline (`cellHull`), area, centroid.
 * 3. The cells are matched to the previous step's (`matchCells`: overlap of the extrapolated outlines,
 *    then extrapolated-centroid distance), carrying ids; merges and splits are marked with their parents.
 *    Overlap counts a cell's flashes and, for its radar objects, points spread over them.
 * 4. Flash counts per minute: the minutes inside the window are counted from the cell's own flashes
 *    (late flashes and changes of membership are therefore counted right); older minutes, up to 30, come
 *    from the parents' memory, each parent's shared among its children by their overlap (a merge adds its
 *    parents' histories, a split divides one).
 * 5. Trend and motion (`cell-history.ts`) and the lightning jump (`lightning-jump.ts`) from that history.
 *    A cell without flashes adds its radar centroid to its track at the frame's time, once per frame. Its
 *    stage follows the lightning life cycle: `growing` before its first flash (a developing storm), then
 *    `decaying` once its flashes have stopped.
 * A state older than 10 min (the tracker was down) is not continued: every cell is newborn.
 */
export const TRACKER = {
  stepMs: 60_000,
  windowMs: SOURCES.windowMs,
  linkKm: SOURCES.linkKm,
  minFlashes: SOURCES.minFlashes,
  radarMaxAgeMs: SOURCES.radarMaxAgeMs,
  historyMin: 30,
  maxGapMs: 10 * 60_000,
  maxParents: 16,
} as const;

const MIN_MS = 60_000;

/** What the tracker remembers of a cell between steps: plain JSON, stored with each step. */
export interface CellMemory {
  id: string;
  bornMs: number;
  parents: string[];
  centroid: LatLon;
  /** Closed GeoJSON ring of [lon, lat]. */
  ring: [number, number][];
  radiusKm: number;
  flashes: number;
  /** Points matching looked for (flashes and radar points); absent in states stored before radar: flashes. */
  points?: number;
  /** Whether the cell, or a parent, ever had a flash; absent in states stored before radar: it had. */
  flashed?: boolean;
  track: TrackPoint[];
  velocity: [number, number] | null;
  counts: MinuteCount[];
}

export interface CellTrackerState {
  /** The last step's time (epoch ms); null before the first. */
  timeMs: number | null;
  cells: CellMemory[];
}

/** One cell at one step, as the tracker found it (`cellFeature` turns it into the API's GeoJSON). */
export interface TrackedCell {
  id: string;
  timeMs: number;
  bornMs: number;
  centroid: LatLon;
  ring: [number, number][];
  areaKm2: number;
  flashes: number;
  flashRatePerMin: number;
  cgRatePerMin: number;
  trend: CellTrend;
  /** km per minute towards east and north; null while the track cannot tell. */
  velocity: [number, number] | null;
  lifecycle: CellLifecycle;
  parents: string[];
  jump: boolean;
  jumpSigmas: number | null;
  /** Per step (minute), oldest first: total and CG flashes per minute over the 2 min ending then. */
  rateHistory: { timeMs: number; total: number; cg: number }[];
  /** Highest reflectivity of its radar objects (dBZ), their area (km²) and frame time; null without. */
  maxDbz: number | null;
  radarAreaKm2: number | null;
  radarTimeMs: number | null;
  madeFrom: CellSource;
}

export function emptyTrackerState(): CellTrackerState {
  return { timeMs: null, cells: [] };
}

/** Flashes from strokes: a flash's first stroke gives its time and place; it is CG if any stroke is. */
export function flashesOfStrokes(
  strokes: readonly { timeMs: number; lat: number; lon: number; isIc: boolean; flashId: number | null }[],
): CellFlash[] {
  const out: CellFlash[] = [];
  const byId = new Map<number, CellFlash>();
  for (const s of strokes) {
    const known = s.flashId === null ? undefined : byId.get(s.flashId);
    if (known) {
      if (s.timeMs < known.timeMs) Object.assign(known, { timeMs: s.timeMs, lat: s.lat, lon: s.lon });
      known.cg ||= !s.isIc;
      continue;
    }
    const f = { timeMs: s.timeMs, lat: s.lat, lon: s.lon, cg: !s.isIc };
    if (s.flashId !== null) byId.set(s.flashId, f);
    out.push(f);
  }
  return out;
}

/**
 * Ids: the step's minute (UTC) and a number within it, e.g. `20240701T1203-4`; a re-step of past minutes
 * (`cell-restep.ts`) marks its ids with a prefix (`r20240701T1203-4`), so they never meet the live ones.
 */
function newId(nowMs: number, n: number, prefix = ''): string {
  const iso = new Date(nowMs).toISOString();
  return `${prefix}${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}-${n}`;
}

/** The window's minutes counted from the cell's flashes: [end, total, CG] for each minute that has any. */
function windowCounts(flashes: readonly CellFlash[], nowMs: number): MinuteCount[] {
  const minutes = TRACKER.windowMs / MIN_MS;
  const total = new Array<number>(minutes).fill(0);
  const cg = new Array<number>(minutes).fill(0);
  for (const f of flashes) {
    // Minute k (0 the newest) holds the flashes of (now − (k+1) min, now − k min].
    const k = Math.min(minutes - 1, Math.max(0, Math.ceil((nowMs - f.timeMs) / MIN_MS) - 1));
    total[k] = (total[k] as number) + 1;
    if (f.cg) cg[k] = (cg[k] as number) + 1;
  }
  const out: MinuteCount[] = [];
  for (let k = minutes - 1; k >= 0; k--) {
    if ((total[k] as number) > 0) out.push([nowMs - k * MIN_MS, total[k] as number, cg[k] as number]);
  }
  return out;
}

/**
 * One tracker step at `nowMs` (normally a whole minute) from the flashes around it (those of the last
 * 10 min are used; older and later ones are ignored) and the radar objects of the newest reflectivity frame
 * (ignored if after `nowMs` or more than 10 min before it). `state` is not changed; the new one is returned.
 */
export function stepCellTracker(
  state: CellTrackerState,
  flashes: readonly CellFlash[],
  nowMs: number,
  radar?: TrackerRadar | null,
  /** Put before the ids of the cells born in this step (a re-step's `r`); none for the live tracker. */
  idPrefix = '',
): { state: CellTrackerState; cells: TrackedCell[] } {
  if (state.timeMs !== null && nowMs <= state.timeMs) {
    throw new RangeError(
      `a tracker step must come after the last one (${new Date(state.timeMs).toISOString()})`,
    );
  }
  const previous = state.timeMs !== null && nowMs - state.timeMs <= TRACKER.maxGapMs ? state.cells : [];
  const minutes = state.timeMs === null ? 0 : (nowMs - state.timeMs) / MIN_MS;
  const found = findCells(flashes, nowMs, radar);
  const matches = matchCells(
    previous.map((p) => ({ ...p, flashes: p.points ?? p.flashes })),
    found.map((f) => ({ centroid: f.centroid, radiusKm: f.radiusKm, points: f.points })),
    minutes,
  );
  // Each previous cell's overlap in all its children, to share its older history among them.
  const overlapTotal = new Map<number, number>();
  for (const m of matches) {
    for (const p of m.parents) overlapTotal.set(p.index, (overlapTotal.get(p.index) ?? 0) + p.overlap);
  }
  const windowStart = nowMs - TRACKER.windowMs;
  const historyStart = nowMs - TRACKER.historyMin * MIN_MS;
  let born = 0;
  const cells: TrackedCell[] = [];
  const memories: CellMemory[] = [];
  found.forEach((f, i) => {
    const m = matches[i] as (typeof matches)[number];
    const own = m.continues === null ? null : (previous[m.continues] as CellMemory);
    const parentIds = m.parents
      .map((p) => (previous[p.index] as CellMemory).id)
      .filter((id) => id !== own?.id);
    const lifecycle: CellLifecycle | null =
      m.parents.length === 0 ? 'born' : own === null ? 'split' : m.parents.length > 1 ? 'merged' : null;
    const id = own?.id ?? newId(nowMs, ++born, idPrefix);

    const older = new Map<number, [number, number]>();
    for (const p of m.parents) {
      const total = overlapTotal.get(p.index) ?? 0;
      const share = total > 0 ? p.overlap / total : 1;
      for (const [end, n, cg] of (previous[p.index] as CellMemory).counts) {
        if (end > windowStart || end <= historyStart) continue;
        const sum = older.get(end) ?? [0, 0];
        older.set(end, [sum[0] + n * share, sum[1] + cg * share]);
      }
    }
    const counts: MinuteCount[] = [
      ...[...older].sort((a, b) => a[0] - b[0]).map(([end, [n, cg]]): MinuteCount => [end, n, cg]),
      ...windowCounts(f.flashes, nowMs),
    ];
    const track = trackOf(own && lifecycle === null ? own.track : [], f, nowMs);
    // A merged or split cell starts a new track, its parent's velocity standing in until it has its own.
    const parentVelocity =
      m.parents.length > 0 ? (previous[m.parents[0]?.index as number]?.velocity ?? null) : null;
    const velocity = velocityOf(track) ?? (track.length < HISTORY.minTrackSteps ? parentVelocity : null);
    const trend = trendOf(counts, nowMs);
    // The jump needs the whole history: minutes before the cell's first flash are unknown, not quiet.
    const covered = counts.length > 0 ? Math.round((nowMs - (counts[0] as MinuteCount)[0]) / MIN_MS) + 1 : 0;
    const jump = lightningJump(denseCounts(counts, nowMs, Math.min(JUMP_HISTORY_MIN, covered)));
    const totals = denseCounts(counts, nowMs, TRACKER.historyMin);
    const cgs = denseCounts(counts, nowMs, TRACKER.historyMin, true);
    const firstMs = Math.max(Math.min(counts[0]?.[0] ?? nowMs, own?.bornMs ?? nowMs), historyStart + MIN_MS);
    const rateHistory: TrackedCell['rateHistory'] = [];
    for (let k = 0; k < TRACKER.historyMin; k++) {
      const t = historyStart + (k + 1) * MIN_MS;
      if (t < firstMs) continue;
      const rate = (xs: number[]) => round2(((xs[k] as number) + (xs[k - 1] ?? 0)) / 2);
      rateHistory.push({ timeMs: t, total: rate(totals), cg: rate(cgs) });
    }
    const last = rateHistory.at(-1) ?? { total: 0, cg: 0 };
    const flashed =
      f.flashes.length > 0 || m.parents.some((p) => (previous[p.index] as CellMemory).flashed !== false);
    // Without flashes the rate tells nothing of the stage: before the first flash a storm is developing.
    const stage: CellLifecycle =
      f.flashes.length === 0
        ? flashed
          ? 'decaying'
          : 'growing'
        : trend === 'growing'
          ? 'growing'
          : trend === 'decaying'
            ? 'decaying'
            : 'mature';
    const parents = [...(own?.parents ?? []), ...parentIds].slice(-TRACKER.maxParents);
    const bornMs = own?.bornMs ?? nowMs;
    cells.push({
      id,
      timeMs: nowMs,
      bornMs,
      centroid: f.centroid,
      ring: f.ring,
      areaKm2: round2(f.areaKm2),
      flashes: f.flashes.length,
      flashRatePerMin: last.total,
      cgRatePerMin: last.cg,
      trend,
      velocity,
      lifecycle: lifecycle ?? stage,
      parents,
      jump: jump.jump,
      jumpSigmas: jump.sigmas === null ? null : round2(jump.sigmas),
      rateHistory,
      maxDbz: f.radar?.maxDbz ?? null,
      radarAreaKm2: f.radar?.areaKm2 ?? null,
      radarTimeMs: f.radar?.timeMs ?? null,
      madeFrom: f.radar === null ? 'flashes' : f.flashes.length === 0 ? 'radar' : 'both',
    });
    memories.push({
      id,
      bornMs,
      parents,
      centroid: f.centroid,
      ring: f.ring,
      radiusKm: f.radiusKm,
      flashes: f.flashes.length,
      points: f.points.length,
      flashed,
      track,
      velocity,
      counts,
    });
  });
  return { state: { timeMs: nowMs, cells: memories }, cells };
}

/**
 * The cell's track after this step: a cell with flashes adds its centroid now; one without adds its radar
 * centroid at the frame's time, once (the same frame serves several steps), and never before a newer point.
 */
function trackOf(before: readonly TrackPoint[], f: FoundCell, nowMs: number): TrackPoint[] {
  const at = f.flashes.length > 0 || f.radar === null ? nowMs : f.radar.timeMs;
  const kept = before.slice(-(HISTORY.trackSteps - 1));
  const lastMs = before.at(-1)?.[0] ?? -Infinity;
  if (at <= lastMs) return before.slice(-HISTORY.trackSteps);
  return [...kept, [at, f.centroid.lat, f.centroid.lon]];
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}
