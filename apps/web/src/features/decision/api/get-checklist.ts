import { useQuery } from '@tanstack/react-query';
import type { ChecklistItems, ChecklistTicks } from '@thunderwatch/shared/schemas/decision';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { DECISION_REFRESH_MS } from './refresh';

/** GET /api/decision/checklist: every level's items. */
export function useChecklistItems() {
  return useQuery({
    queryKey: queryKeys.decision.checklist,
    queryFn: ({ signal }) => apiClient.get<ChecklistItems>('/api/decision/checklist', {}, { signal }),
    refetchInterval: DECISION_REFRESH_MS,
  });
}

/** GET /api/decision/situations/:situation/ticks: my group's ticks, refreshed with the screen. */
export function useChecklistTicks(situation: string) {
  return useQuery({
    queryKey: queryKeys.decision.ticks(situation),
    queryFn: ({ signal }) =>
      apiClient.get<ChecklistTicks>(
        `/api/decision/situations/${encodeURIComponent(situation)}/ticks`,
        {},
        { signal },
      ),
    refetchInterval: DECISION_REFRESH_MS,
  });
}
