import { useMemo } from 'react';
import { filterActive, type StrokeFilter, strokePasses } from '../../../lib/stroke-filter';
import { type Bounds, countRecent, hasSimulated, MINUTE_MS } from '../../../lib/stroke-store';
import { LIVE_WINDOW_MIN, REPLAY_TRAIL_MIN, type StrokeMode } from '../../../map/lightning/stroke-style';
import type { useStrokeFeed } from '../../../map/scene/hooks/use-stroke-feed';

/**
 * The counters' strokes of the last 5/15/60 minutes (those the stroke filter keeps) and whether simulated
 * strokes are in view. Live counts use the real present, so a new stroke counts at once, not at the next tick.
 */
export function useStrokeCounts(
  feed: Pick<ReturnType<typeof useStrokeFeed>, 'store' | 'version'>,
  filter: StrokeFilter,
  at: { mode: StrokeMode; shown: number; clock: number; view: { bounds: Bounds } | null },
) {
  const { store, version } = feed;
  const { mode, shown, clock, view } = at;
  const bounds = view?.bounds;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` and `clock` mark store and time changes
  const counts = useMemo(
    () =>
      countRecent(
        store,
        mode === 'live' ? Date.now() : shown,
        filterActive(filter) ? (s) => strokePasses(filter, s) : undefined,
      ),
    [store, version, clock, mode, shown, filter],
  );
  const trailMs = (mode === 'live' ? LIVE_WINDOW_MIN : REPLAY_TRAIL_MIN) * MINUTE_MS;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` marks store changes
  const simulated = useMemo(
    () => hasSimulated(store, shown - trailMs, mode === 'live' ? Date.now() : shown, bounds),
    [store, version, shown, trailMs, mode, bounds],
  );
  return { counts, simulated };
}
