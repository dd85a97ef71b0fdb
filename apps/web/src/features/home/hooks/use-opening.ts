import type { UserMapData } from '@thunderwatch/shared/schemas/locations';
import { useMemo, useRef } from 'react';
import { HOUR_MS } from '../../../lib/stroke-store';
import type { StrokeFeed } from '../../../map/scene/hooks/use-stroke-feed';
import { chooseOpening, type Opening } from './opening-view';

/**
 * Where the home map opens (see `chooseOpening`): decided once, as soon as what it depends on has loaded;
 * after that the answer no longer changes, so the last hour's strokes are not scanned again.
 */
export function useOpening(
  fromAddress: boolean,
  mapData: UserMapData | undefined,
  feed: StrokeFeed,
): Opening {
  const decided = useRef<Opening | null>(null);
  const recentLoaded = feed.loading !== 'recent';
  return useMemo(() => {
    if (decided.current) return decided.current;
    const recentStrokes = recentLoaded
      ? (() => {
          const now = Date.now();
          const [start, end] = feed.store.range(now - HOUR_MS, now);
          return feed.store.sorted().slice(start, end);
        })()
      : null;
    const opening = chooseOpening({ fromAddress, mapData, recentStrokes });
    if (opening.kind !== 'wait') decided.current = opening;
    return opening;
  }, [fromAddress, mapData, recentLoaded, feed.store]);
}
