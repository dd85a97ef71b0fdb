import { useEffect, useRef, useState } from 'react';
import { StrokeStore } from '../../../lib/stroke-store';
import { getLightningCompact } from '../api/get-lightning';

/** Past windows kept loaded for a rotation that comes back to them; a past window's strokes do not change. */
const KEEP_WINDOWS = 4;

export interface WindowStrokes {
  store: StrokeStore | null;
  loading: boolean;
  error: unknown;
}

const keyOf = (w: { from: number; to: number }) => `${w.from}|${w.to}`;

/**
 * The strokes of a past window (`from` < time ≤ `to`), loaded into a store of their own while a step shows
 * them. A finished load is kept (the last few windows) for the next round of the rotation; a load the step
 * ends before is aborted and dropped.
 */
export function useWindowStrokes(window: { from: number; to: number } | null): WindowStrokes {
  const done = useRef(new Map<string, StrokeStore>());
  const key = window ? keyOf(window) : null;
  const [state, setState] = useState<WindowStrokes & { key: string | null }>({
    key: null,
    store: null,
    loading: false,
    error: null,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names the window
  useEffect(() => {
    if (!window || key === null) {
      setState({ key: null, store: null, loading: false, error: null });
      return;
    }
    const kept = done.current.get(key);
    if (kept) {
      // Most recently used last, so the oldest is the one forgotten.
      done.current.delete(key);
      done.current.set(key, kept);
      setState({ key, store: kept, loading: false, error: null });
      return;
    }
    const store = new StrokeStore();
    const controller = new AbortController();
    setState({ key, store, loading: true, error: null });
    getLightningCompact(window, (items) => store.add(items), controller.signal)
      .then(() => {
        if (controller.signal.aborted) return;
        done.current.set(key, store);
        while (done.current.size > KEEP_WINDOWS) {
          const oldest = done.current.keys().next().value as string;
          done.current.delete(oldest);
        }
        setState({ key, store, loading: false, error: null });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ key, store, loading: false, error });
      });
    return () => controller.abort();
  }, [key]);

  // Until the effect has run for a new window, the last window's store is not this one's.
  if (state.key !== key) return { store: null, loading: key !== null, error: null };
  return { store: state.store, loading: state.loading, error: state.error };
}
