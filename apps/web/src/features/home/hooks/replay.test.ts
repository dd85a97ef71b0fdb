import { describe, expect, it } from 'vitest';
import {
  advance,
  LIVE,
  pause,
  play,
  progress,
  type ReplayState,
  replayStart,
  seek,
  shownTime,
} from './replay';

const NOW = Date.parse('2025-07-01T08:00:00Z');
const H = 3_600_000;

describe('replay clock', () => {
  it('starts from the beginning of the last 24 h when played from live', () => {
    const state = play(LIVE, NOW);
    expect(state).toMatchObject({ mode: 'replay', playing: true, cursor: NOW - 24 * H });
    expect(progress(state, NOW)).toBe(0);
  });

  it('moves map time by the chosen speed per real second', () => {
    let state: ReplayState = { ...play(LIVE, NOW), speed: 600 };
    state = advance(state, 250, NOW);
    expect(state.cursor).toBe(NOW - 24 * H + 150_000);
    state = advance({ ...state, speed: 3600 }, 1000, NOW);
    expect(state.cursor).toBe(NOW - 23 * H + 150_000);
    expect(advance(pause(state), 1000, NOW)).toEqual(pause(state));
  });

  it('returns to live on reaching the present', () => {
    const state = seek(LIVE, NOW - 10_000, NOW);
    const playing = { ...play(state, NOW), speed: 60 as const };
    expect(advance(playing, 1000, NOW)).toEqual({ ...LIVE, speed: 60 });
  });

  it('keeps a dragged cursor within the 24 h and goes live when dragged to the end', () => {
    expect(seek(LIVE, NOW - 48 * H, NOW).cursor).toBe(NOW - 24 * H);
    expect(seek(LIVE, NOW + 1000, NOW).mode).toBe('live');
    const half = seek(LIVE, NOW - 12 * H, NOW);
    expect(progress(half, NOW)).toBe(0.5);
    expect(shownTime(half, NOW)).toBe(NOW - 12 * H);
    // As the present moves on, a paused cursor stays put; the live view follows.
    expect(shownTime(half, NOW + H)).toBe(NOW - 12 * H);
    expect(shownTime(LIVE, NOW + H)).toBe(NOW + H);
  });

  it.each([
    ['nothing held: the full 24 h', null, NOW - 24 * H],
    ['two hours of data: two hours', NOW - 2 * H + 1234, NOW - 2 * H],
    ['data older than a day: still 24 h', NOW - 30 * H, NOW - 24 * H],
    ['five minutes of data: at least half an hour', NOW - 5 * 60_000, NOW - H / 2],
  ])('spans the data: %s', (_case, earliest, start) => {
    expect(replayStart(NOW, earliest)).toBe(start);
  });

  it('plays, seeks and reports progress within the span with data', () => {
    const start = replayStart(NOW, NOW - 2 * H);
    expect(play(LIVE, NOW, start).cursor).toBe(NOW - 2 * H);
    expect(seek(LIVE, NOW - 10 * H, NOW, start).cursor).toBe(NOW - 2 * H);
    const half = seek(LIVE, NOW - H, NOW, start);
    expect(progress(half, NOW, start)).toBe(0.5);
    const playing = { ...play(LIVE, NOW, start), speed: 3600 as const };
    expect(advance(playing, 1000, NOW, start).cursor).toBe(NOW - H);
  });
});
