import {
  type HazardCell,
  HazardIndex,
  type HazardResult,
  NEAR_KM,
  STROKE_WINDOW_MS,
} from '@thunderwatch/domain/aviation/flight-hazard';
import { AppError } from '../../../lib/app-error.js';
import type { Box, FlightsRepo } from './flights-repo.js';

/** Strokes read to judge one answer; a storm's last 5 minutes over an airport's area stay far below. */
export const MAX_HAZARD_STROKES = 200_000;
/** A cell step older than this before a position does not count (the tracker was down). */
export const CELL_STEP_FRESH_MS = 5 * 60_000;

/** The box grown by the hazard distance (and a little more), so strokes just outside still count. */
export function padded(b: Box, km = NEAR_KM * 2): Box {
  const dLat = km / 111;
  const dLon =
    km / (111 * Math.max(0.05, Math.cos((Math.max(Math.abs(b.south), Math.abs(b.north)) * Math.PI) / 180)));
  return {
    west: Math.max(-180, b.west - dLon),
    south: Math.max(-90, b.south - dLat),
    east: Math.min(180, b.east + dLon),
    north: Math.min(90, b.north + dLat),
  };
}

const rank = { none: 0, near: 1, inside: 2 } as const;

/** The graver of two results (inside over near over none; the closer of two nears). */
export function graver(a: HazardResult, b: HazardResult): HazardResult {
  if (rank[a.hazard] !== rank[b.hazard]) return rank[a.hazard] > rank[b.hazard] ? a : b;
  return (a.distanceKm ?? Number.POSITIVE_INFINITY) <= (b.distanceKm ?? Number.POSITIVE_INFINITY) ? a : b;
}

/**
 * A judge of positions over [fromMs, toMs] in a box: the strokes once, the cells of the tracker step at or
 * before each position (one index per step, built when first needed).
 */
export async function hazardJudge(
  repo: Pick<FlightsRepo, 'strokes' | 'cellSteps'>,
  box: Box,
  fromMs: number,
  toMs: number,
  maxStrokes = MAX_HAZARD_STROKES,
): Promise<(lat: number, lon: number, timeMs: number) => HazardResult> {
  const wide = padded(box);
  const strokes = await repo.strokes(
    wide,
    new Date(fromMs - STROKE_WINDOW_MS),
    new Date(toMs),
    maxStrokes + 1,
  );
  // Judging with some strokes left out would call an aircraft clear that is not: refuse instead.
  if (strokes.length > maxStrokes)
    throw new AppError(
      'lightning.window_too_large',
      400,
      `More than ${maxStrokes} strokes to judge; narrow the range or bbox`,
      [{ field: 'bbox', message: `more than ${maxStrokes} strokes around the aircraft` }],
    );
  const steps = await repo.cellSteps(wide, new Date(fromMs - CELL_STEP_FRESH_MS), new Date(toMs));
  const strokeIndex = new HazardIndex(strokes, []);
  const cellIndexes = new Map<number, HazardIndex>();
  const cellsAt = (timeMs: number): HazardIndex | null => {
    let lo = 0;
    let hi = steps.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if ((steps[mid] as { ms: number }).ms <= timeMs) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    const step = steps[found];
    if (!step || timeMs - step.ms > CELL_STEP_FRESH_MS) return null;
    let index = cellIndexes.get(found);
    if (!index) {
      index = new HazardIndex([], step.cells as HazardCell[]);
      cellIndexes.set(found, index);
    }
    return index;
  };
  return (lat, lon, timeMs) => {
    const byStroke = strokeIndex.classify(lat, lon, timeMs);
    const cells = cellsAt(timeMs);
    return cells ? graver(cells.classify(lat, lon, timeMs), byStroke) : byStroke;
  };
}
