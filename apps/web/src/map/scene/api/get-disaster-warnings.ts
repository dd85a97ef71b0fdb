import { useQuery } from '@tanstack/react-query';
import type { DisasterWarningList } from '@thunderwatch/shared/schemas/disaster';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The server evaluates every 5 min: asking each minute shows a new level within a minute of it. */
export const DISASTER_REFRESH_MS = 60_000;

/** GET /api/disaster_warning/?active=1&geometry=1: the open warnings with their cities' outlines. */
export function getDisasterWarnings(signal?: AbortSignal): Promise<DisasterWarningList> {
  return apiClient.get<DisasterWarningList>(
    '/api/disaster_warning/',
    { active: '1', geometry: '1' },
    { signal },
  );
}

export function useDisasterWarningsQuery(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.disasterWarnings,
    queryFn: ({ signal }) => getDisasterWarnings(signal),
    enabled,
    refetchInterval: enabled ? DISASTER_REFRESH_MS : false,
  });
}
