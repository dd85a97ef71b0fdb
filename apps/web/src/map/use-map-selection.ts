import type { Position } from '@thunderwatch/shared/schemas/geo';
import { useEffect, useState } from 'react';

/** Where the map should move to; a new `key` moves it (the same box twice still moves it back). */
export interface MapFit {
  key: string;
  bounds: [Position, Position] | null;
}

type Bounds = [Position, Position] | null;

/**
 * The selected row of a list beside the map, and where the map shows: all items once when they first
 * arrive, then the item selected or edited. `boundsOf` gives the box around some items.
 */
export function useMapSelection<T extends { id: number }>(
  items: readonly T[],
  loaded: boolean,
  boundsOf: (items: readonly T[]) => Bounds,
) {
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [fit, setFit] = useState<MapFit | null>(null);
  const fitTo = (key: string, bounds: Bounds) => {
    if (bounds) setFit({ key: `${key}:${Date.now()}`, bounds });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first load moves the map
  useEffect(() => {
    if (loaded && items.length > 0) fitTo('all', boundsOf(items));
  }, [loaded]);
  /** Selects an item and shows it. */
  const select = (id: number) => {
    setSelectedId(id);
    const item = items.find((i) => i.id === id);
    if (item) fitTo(`item-${id}`, boundsOf([item]));
  };
  return { selectedId, setSelectedId, fit, fitTo, select };
}
