import { type Bounds, MINUTE_MS } from '../../../lib/stroke-store';
import { TRACK_WINDOW_MIN } from '../../cells/cell-features';
import { bboxParam, densityBbox, densityResolution } from '../../lightning/density';
import type { CellTracksQuery } from '../api/get-cells';

/**
 * What the cell layer asks for at the time shown. Cells: the latest step when live, the replay cursor's
 * minute in replay. Tracks: the TRACK_WINDOW_MIN before the time shown, asked for in blocks of
 * TRACK_BLOCK_MIN (one request per half hour of replay, not per minute) over the view grown and snapped
 * like the density grid's (small pans reuse the answer); the layer cuts each track to the window.
 */

export const TRACK_BLOCK_MIN = 30;
const BLOCK_MS = TRACK_BLOCK_MIN * MINUTE_MS;

const floorMinute = (ms: number) => Math.floor(ms / MINUTE_MS) * MINUTE_MS;

/** The `time` of /api/scz: null (the latest step) when live, else the whole minute shown. */
export function cellsTime(mode: 'live' | 'replay', shownMs: number): string | null {
  return mode === 'live' ? null : new Date(floorMinute(shownMs)).toISOString();
}

/**
 * The /api/scz_query_range query covering TRACK_WINDOW_MIN before `shownMs`: from the start of that window's
 * first block to the end of the block shown, but never past the present minute (`nowMs`).
 */
export function cellTracksQuery(shownMs: number, nowMs: number, view: Bounds, zoom: number): CellTracksQuery {
  const blockEnd = Math.ceil(shownMs / BLOCK_MS) * BLOCK_MS;
  const from = blockEnd - TRACK_WINDOW_MIN * MINUTE_MS - BLOCK_MS;
  const to = Math.min(blockEnd, floorMinute(nowMs));
  return {
    from: new Date(from).toISOString(),
    to: new Date(Math.max(to, floorMinute(shownMs))).toISOString(),
    bbox: bboxParam(densityBbox(view, densityResolution(zoom))),
  };
}

/** Whole minutes, for fading tracks without restyling on every tick of the live clock. */
export const shownMinute = floorMinute;
