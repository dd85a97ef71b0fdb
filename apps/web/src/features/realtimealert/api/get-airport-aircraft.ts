import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FlightAlarmsAnswer, FlightNearAnswer } from '@thunderwatch/shared/schemas/flights';
import type { LocationDto } from '@thunderwatch/shared/schemas/locations';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Receivers report every few seconds; the aviation view asks every 10 s. */
export const AIRPORT_AIRCRAFT_REFRESH_MS = 10_000;

/** My group's airport locations (GET /api/locations/, the API's largest page). */
export async function getAirports(signal?: AbortSignal): Promise<LocationDto[]> {
  const page = await apiClient.get<{ items: LocationDto[] }>('/api/locations/', { limit: 1000 }, { signal });
  return page.items.filter((l) => l.is_airport && l.enabled);
}

export function useAirports() {
  return useQuery({
    queryKey: queryKeys.airports,
    queryFn: ({ signal }) => getAirports(signal),
    refetchInterval: 60_000,
  });
}

/** GET /api/flight/near: the aircraft within 50 km of a location, nearest first, with their hazard. */
export function getAirportAircraft(locationId: number, signal?: AbortSignal): Promise<FlightNearAnswer> {
  return apiClient.get<FlightNearAnswer>('/api/flight/near', { location: locationId }, { signal });
}

export function useAirportAircraft(locationId: number) {
  return useQuery({
    queryKey: queryKeys.flightNear(locationId),
    queryFn: ({ signal }) => getAirportAircraft(locationId, signal),
    placeholderData: keepPreviousData,
    refetchInterval: AIRPORT_AIRCRAFT_REFRESH_MS,
  });
}

/** GET /api/flight/alarms: the airport's flight alarms open now or raised in the last 24 h. */
export function getAirportAlarms(locationId: number, signal?: AbortSignal): Promise<FlightAlarmsAnswer> {
  return apiClient.get<FlightAlarmsAnswer>('/api/flight/alarms', { location: locationId }, { signal });
}

export function useAirportAlarms(locationId: number) {
  return useQuery({
    queryKey: queryKeys.flightAlarms(locationId),
    queryFn: ({ signal }) => getAirportAlarms(locationId, signal),
    placeholderData: keepPreviousData,
    refetchInterval: AIRPORT_AIRCRAFT_REFRESH_MS,
  });
}
