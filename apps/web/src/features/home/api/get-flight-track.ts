import { useQuery } from '@tanstack/react-query';
import type { FlightTrack } from '@thunderwatch/shared/schemas/flights';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/flight/flight_track: one aircraft's last 6 h as GeoJSON, each position with its hazard. */
export function getFlightTrack(icao24: string, signal?: AbortSignal): Promise<FlightTrack> {
  return apiClient.get<FlightTrack>('/api/flight/flight_track', { icao24 }, { signal });
}

/** The chosen aircraft's track, refreshed with the aircraft. */
export function useFlightTrack(icao24: string | null) {
  return useQuery({
    queryKey: queryKeys.flightTrack(icao24),
    queryFn: ({ signal }) => getFlightTrack(icao24 as string, signal),
    enabled: icao24 !== null,
    refetchInterval: 30_000,
  });
}
