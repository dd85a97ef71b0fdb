import { useMemo, useState } from 'react';
import type { Bounds } from '../../../lib/stroke-store';
import { useFlightTrack } from '../api/get-flight-track';
import { useFlights } from '../api/get-flights';

const EVERY_MS = 10_000;

/**
 * The aircraft layer (shown when `on`): the aircraft in view at the time shown (live: now; a replay: its time to 10 s),
 * and the aircraft picked with its track.
 */
export function useFlightLayer(on: boolean, bounds: Bounds | null, mode: 'live' | string, shownMs: number) {
  const [pick, setPick] = useState<string | null>(null);
  const time = mode === 'live' ? null : new Date(Math.floor(shownMs / EVERY_MS) * EVERY_MS).toISOString();
  const flights = useFlights(on, bounds, time);
  const track = useFlightTrack(on ? pick : null);
  const items = useMemo(() => flights.data?.items ?? [], [flights.data]);
  const picked = useMemo(() => items.find((a) => a.icao24 === pick) ?? null, [items, pick]);
  return {
    on,
    items,
    pick: on ? pick : null,
    picked: on ? picked : null,
    setPick,
    track: pick ? track.data : undefined,
    loading: flights.isFetching,
    error: flights.error ?? track.error,
  };
}
