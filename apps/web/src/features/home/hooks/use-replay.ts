import { useCallback, useEffect, useRef, useState } from 'react';
import { advance, LIVE, pause, play, type ReplaySpeed, type ReplayState, replayStart, seek } from './replay';

/** Replay ticks: four map updates a second are smooth enough and cheap for 100k strokes. */
export const REPLAY_TICK_MS = 250;

/** The replay state; `earliest` tells the time of the oldest stroke held, which bounds the span. */
export function useReplay(earliest: () => number | null) {
  const [state, setState] = useState<ReplayState>(LIVE);
  const oldest = useRef(earliest);
  oldest.current = earliest;
  const start = (now: number) => replayStart(now, oldest.current());

  useEffect(() => {
    if (!state.playing) return;
    let last = performance.now();
    const timer = setInterval(() => {
      const t = performance.now();
      const elapsed = t - last;
      last = t;
      const now = Date.now();
      setState((s) => advance(s, elapsed, now, replayStart(now, oldest.current())));
    }, REPLAY_TICK_MS);
    return () => clearInterval(timer);
  }, [state.playing]);

  return {
    state,
    start,
    // biome-ignore lint/correctness/useExhaustiveDependencies: `start` reads a ref
    play: useCallback(() => setState((s) => play(s, Date.now(), start(Date.now()))), []),
    pause: useCallback(() => setState((s) => pause(s)), []),
    // biome-ignore lint/correctness/useExhaustiveDependencies: `start` reads a ref
    seek: useCallback(
      (cursor: number) => setState((s) => seek(s, cursor, Date.now(), start(Date.now()))),
      [],
    ),
    goLive: useCallback(() => setState((s) => ({ ...LIVE, speed: s.speed })), []),
    setSpeed: useCallback((speed: ReplaySpeed) => setState((s) => ({ ...s, speed })), []),
  };
}
