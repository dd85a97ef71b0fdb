import { DAY_MS, MINUTE_MS } from '../../../lib/stroke-store';

/**
 * The replay clock: live follows the present; replay moves a cursor through the span that has data (at most
 * the last 24 h) at a chosen speed (map minutes per real second) and returns to live when it reaches the
 * present. Every function takes the span's start (`replayStart`); without one it is the full 24 h.
 */

export const REPLAY_SPAN_MS = DAY_MS;
/** The shortest span the slider offers, so that a quiet map still has something to drag through. */
export const MIN_REPLAY_SPAN_MS = 30 * MINUTE_MS;
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

/**
 * Where replay starts: the minute of the oldest stroke held (`earliest`), at most 24 h back and at least
 * MIN_REPLAY_SPAN_MS back; the full 24 h when nothing is known.
 */
export function replayStart(now: number, earliest: number | null = null): number {
  const full = now - REPLAY_SPAN_MS;
  if (earliest === null) return full;
  const minute = Math.floor(earliest / MINUTE_MS) * MINUTE_MS;
  return Math.max(full, Math.min(minute, now - MIN_REPLAY_SPAN_MS));
}

export function clampCursor(cursor: number, now: number, start = replayStart(now)): number {
  return Math.min(now, Math.max(start, cursor));
}

/** The time the map shows. */
export function shownTime(state: ReplayState, now: number, start = replayStart(now)): number {
  return state.mode === 'live' ? now : clampCursor(state.cursor, now, start);
}

/** Moves the cursor to `cursor` (a drag of the slider), pausing at the present means going live. */
export function seek(state: ReplayState, cursor: number, now: number, start = replayStart(now)): ReplayState {
  const next = clampCursor(cursor, now, start);
  if (next >= now) return { ...LIVE, speed: state.speed };
  return { ...state, mode: 'replay', cursor: next };
}

/** Play from where the slider is, or from the start of the span when live. */
export function play(state: ReplayState, now: number, start = replayStart(now)): ReplayState {
  const cursor = state.mode === 'live' ? start : clampCursor(state.cursor, now, start);
  return { ...state, mode: 'replay', cursor, playing: true };
}

export function pause(state: ReplayState): ReplayState {
  return { ...state, playing: false };
}

/** One tick of `elapsedMs` real time; reaching the present ends the replay. */
export function advance(
  state: ReplayState,
  elapsedMs: number,
  now: number,
  start = replayStart(now),
): ReplayState {
  if (state.mode !== 'replay' || !state.playing) return state;
  const cursor = state.cursor + (elapsedMs / 1000) * state.speed * 1000;
  if (cursor >= now) return { ...LIVE, speed: state.speed };
  return { ...state, cursor: Math.max(start, cursor) };
}

/** Fraction of the span elapsed at the shown time, for the slider. */
export function progress(state: ReplayState, now: number, start = replayStart(now)): number {
  return (shownTime(state, now, start) - start) / (now - start);
}
