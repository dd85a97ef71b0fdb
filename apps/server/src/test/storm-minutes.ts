import type { CellFlash } from '@thunderwatch/domain/cells/cell-tracker';
import { destinationPoint } from '@thunderwatch/domain/geo/geodesy';
import { expect } from 'vitest';
import type { TestApp } from './harness.js';
import { minuteStrokes } from './strokes.js';

const MIN = 60_000;

/** Rings 10/20/30 km with a 5 min all-clear, so that a storm's end clears within a test. */
export const QUICK_RINGS = [10, 20, 30].map((radius_km, i) => ({
  radius_km,
  level: 3 - i,
  all_clear_min: 5,
  min_strokes: 1,
  window_min: 1,
  include_ic: true,
}));

/** A point location `km` east of `start`. */
export function pointEastOf(start: { lat: number; lon: number }, km: number) {
  const p = destinationPoint(start.lat, start.lon, 90, km);
  return { type: 'Point', coordinates: [p.lon, p.lat] };
}

/**
 * A storm driven minute by minute: minute `m`'s flashes ingested as strokes (the clock already moved past
 * the minute by the caller), then the cell tracker's due step, the warning engine's reading of it and its
 * tick run, each to its end.
 */
export async function driveStormMinute(
  t: TestApp,
  feedKey: string,
  flashes: readonly CellFlash[],
  baseMs: number,
  m: number,
): Promise<void> {
  const strokes = minuteStrokes(flashes, baseMs, m);
  if (strokes.length > 0) {
    const res = await t.call({
      method: 'POST',
      url: '/api/ingest/strokes',
      headers: { 'x-feed-key': feedKey },
      payload: strokes,
    });
    expect(res.json().accepted).toBe(strokes.length);
  }
  const engine = t.app.services.warningEngine;
  await engine.idle();
  await t.app.services.cellTracker.runDue();
  // The step's signal may reach the engine only after this minute's reads: read the step now.
  await engine.followCells();
  await engine.tick();
  await engine.idle();
}

export const minuteEndMs = (baseMs: number, m: number) => baseMs + (m + 1) * MIN + 6_000;
