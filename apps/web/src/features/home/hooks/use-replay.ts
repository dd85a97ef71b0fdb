import { useCallback, useEffect, useState } from 'react';
import { advance, LIVE, pause, play, type ReplaySpeed, type ReplayState, seek } from './replay';

/** Replay ticks: four map updates a second are smooth enough and cheap for 100k strokes. */
export const REPLAY_TICK_MS = 250;

export function useReplay() {
  const [state, setState] = useState<ReplayState>(LIVE);

  useEffect(() => {
    if (!state.playing) return;
    let last = performance.now();
    const timer = setInterval(() => {
      const t = performance.now();
      const elapsed = t - last;
      last = t;
      setState((s) => advance(s, elapsed, Date.now()));
    }, REPLAY_TICK_MS);
    return () => clearInterval(timer);
  }, [state.playing]);

  return {
    state,
    play: useCallback(() => setState((s) => play(s, Date.now())), []),
    pause: useCallback(() => setState((s) => pause(s)), []),
    seek: useCallback((cursor: number) => setState((s) => seek(s, cursor, Date.now())), []),
    goLive: useCallback(() => setState((s) => ({ ...LIVE, speed: s.speed })), []),
    setSpeed: useCallback((speed: ReplaySpeed) => setState((s) => ({ ...s, speed })), []),
  };
}
