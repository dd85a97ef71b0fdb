import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FlightsAnswer } from '@thunderwatch/shared/schemas/flights';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { Bounds } from '../../../lib/stroke-store';

/** Receivers report every few seconds; the live map asks every 10 s. */
export const FLIGHTS_REFRESH_MS = 10_000;

export interface FlightsQuery {
  /** west,south,east,north */
  bbox: string;
  /** A replay's time; absent: now. */
  time?: string;
}

/** GET /api/flight/flights: aircraft in the box at the time, with their hazard. */
export function getFlights(query: FlightsQuery, signal?: AbortSignal): Promise<FlightsAnswer> {
  return apiClient.get<FlightsAnswer>('/api/flight/flights', { ...query }, { signal });
}

/** Bounds as the API's bbox, rounded so small pans reuse the answer (and clamped to the world). */
export function bboxOf(b: Bounds): string {
  const r = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Math.round(v * 100) / 100));
  return [r(b.west, -180, 180), r(b.south, -90, 90), r(b.east, -180, 180), r(b.north, -90, 90)].join(',');
}

/** Aircraft in view; `time` null refreshes live, a replay time (a whole 10 s) is asked once. */
export function useFlights(enabled: boolean, bounds: Bounds | null, time: string | null) {
  const query: FlightsQuery | null = bounds
    ? { bbox: bboxOf(bounds), ...(time === null ? {} : { time }) }
    : null;
  return useQuery({
    queryKey: queryKeys.flights(query),
    queryFn: ({ signal }) => getFlights(query as FlightsQuery, signal),
    enabled: enabled && query !== null,
    placeholderData: keepPreviousData,
    refetchInterval: time === null ? FLIGHTS_REFRESH_MS : false,
  });
}
