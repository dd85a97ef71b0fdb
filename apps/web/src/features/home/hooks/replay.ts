import { DAY_MS } from '../../../lib/stroke-store';

/**
 * The replay clock: live follows the present; replay moves a cursor through the last 24 h at a chosen
 * speed (map minutes per real second) and returns to live when it reaches the present.
 */

export const REPLAY_SPAN_MS = DAY_MS;
/** Map time per real second: 1 min/s, 10 min/s, 1 h/s. */
export const REPLAY_SPEEDS = [60, 600, 3600] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];

export interface ReplayState {
  mode: 'live' | 'replay';
  /** Map time shown in replay (epoch ms); ignored when live. */
  cursor: number;
  playing: boolean;
  speed: ReplaySpeed;
}

export const LIVE: ReplayState = { mode: 'live', cursor: 0, playing: false, speed: 600 };

export function replayStart(now: number): number {
  return now - REPLAY_SPAN_MS;
}

export function clampCursor(cursor: number, now: number): number {
  return Math.min(now, Math.max(replayStart(now), cursor));
}

/** The time the map shows. */
export function shownTime(state: ReplayState, now: number): number {
  return state.mode === 'live' ? now : clampCursor(state.cursor, now);
}

/** Moves the cursor to `cursor` (a drag of the slider), pausing at the present means going live. */
export function seek(state: ReplayState, cursor: number, now: number): ReplayState {
  const next = clampCursor(cursor, now);
  if (next >= now) return { ...LIVE, speed: state.speed };
  return { ...state, mode: 'replay', cursor: next };
}

/** Play from where the slider is, or from the start of the 24 h when live. */
export function play(state: ReplayState, now: number): ReplayState {
  const cursor = state.mode === 'live' ? replayStart(now) : clampCursor(state.cursor, now);
  return { ...state, mode: 'replay', cursor, playing: true };
}

export function pause(state: ReplayState): ReplayState {
  return { ...state, playing: false };
}

/** One tick of `elapsedMs` real time; reaching the present ends the replay. */
export function advance(state: ReplayState, elapsedMs: number, now: number): ReplayState {
  if (state.mode !== 'replay' || !state.playing) return state;
  const cursor = state.cursor + (elapsedMs / 1000) * state.speed * 1000;
  if (cursor >= now) return { ...LIVE, speed: state.speed };
  return { ...state, cursor: Math.max(replayStart(now), cursor) };
}

/** Fraction of the 24 h elapsed at the shown time, for the slider. */
export function progress(state: ReplayState, now: number): number {
  return (shownTime(state, now) - replayStart(now)) / REPLAY_SPAN_MS;
}
