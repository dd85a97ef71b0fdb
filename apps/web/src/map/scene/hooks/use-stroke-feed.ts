import { useEffect, useRef, useState } from 'react';
import type { SocketStatus } from '../../../lib/socket';
import { socketController } from '../../../lib/socket-connection';
import { DAY_MS, MINUTE_MS, StrokeStore } from '../../../lib/stroke-store';
import { getLightningCompact } from '../api/get-lightning';
import { type FeedLoading, loadStrokeFeed } from './load-stroke-feed';

export interface StrokeFeed {
  store: StrokeStore;
  /** Changes whenever the store does; put it in dependency lists. */
  version: number;
  /** 'recent' until the last hour is on the map, 'history' while the rest of the 24 h loads. */
  loading: FeedLoading;
  error: unknown;
  status: SocketStatus;
  retry: () => void;
}

/**
 * The strokes of the last 24 h: the last hour first (what the live map shows), then the older hours for
 * replay, then live updates from the socket. Reloads what was missed after a reconnect; forgets strokes
 * older than 24 h every minute. A wall screen keeps less (`keepMs`, e.g. the live hour), and none while
 * `enabled` is false (no step of its rotation shows live strokes). The older hours are fetched once `history`
 * is true (home: once its map has shown; see `loadStrokeFeed`).
 */
export function useStrokeFeed({ keepMs = DAY_MS, enabled = true, history = true } = {}): StrokeFeed {
  const [store] = useState(() => new StrokeStore());
  const [version, setVersion] = useState(0);
  const [loading, setLoading] = useState<StrokeFeed['loading']>('recent');
  const [error, setError] = useState<unknown>(null);
  const [status, setStatus] = useState<SocketStatus>(socketController.status());
  const [attempt, setAttempt] = useState(0);
  const historyNow = useRef(history);
  const historyWaiters = useRef<(() => void)[]>([]);
  useEffect(() => {
    historyNow.current = history;
    if (history) for (const resume of historyWaiters.current.splice(0)) resume();
  }, [history]);

  useEffect(() => store.subscribe(() => setVersion(store.version)), [store]);

  // `attempt` restarts the whole feed when the user retries after an error.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a retry trigger
  useEffect(() => {
    if (!enabled) {
      if (store.size > 0) store.clear();
      setLoading(null);
      return;
    }
    const controller = new AbortController();
    const { signal } = controller;
    const horizon = () => Date.now() - keepMs;
    const add = (items: Parameters<StrokeStore['add']>[0]) => store.add(items, horizon());
    const offStatus = socketController.onStatus(setStatus);
    // Subscribing first means nothing that happens during the initial load is lost (the store dedupes).
    const offStrokes = socketController.subscribeStrokes(add);
    const offReload = socketController.onReload(() => {
      const latest = store.latestTime() ?? horizon();
      const from = Math.max(horizon(), latest - 2 * MINUTE_MS);
      getLightningCompact({ from }, add, signal).catch((e: unknown) => {
        if (!signal.aborted) console.error('Reloading strokes after reconnect failed', e);
      });
    });

    const load = () => {
      setError(null);
      return loadStrokeFeed({
        keepMs,
        now: Date.now(),
        fetch: getLightningCompact,
        add,
        loading: setLoading,
        historyMay: () =>
          historyNow.current
            ? Promise.resolve()
            : new Promise((resume) => historyWaiters.current.push(resume)),
        signal,
      });
    };
    load().catch((e: unknown) => {
      if (signal.aborted) return;
      setError(e);
      setLoading(null);
    });

    const prune = setInterval(() => store.pruneBefore(horizon()), MINUTE_MS);
    return () => {
      controller.abort();
      clearInterval(prune);
      offStrokes();
      offReload();
      offStatus();
    };
  }, [store, attempt, keepMs, enabled]);

  return { store, version, loading, error, status, retry: () => setAttempt((n) => n + 1) };
}
