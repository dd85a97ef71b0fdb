import { useQuery } from '@tanstack/react-query';
import type { WarningList } from '@thunderwatch/shared/schemas/warnings';
import { apiClient } from '../../../lib/api-client';

/** Socket `warning` events are merged into this entry (see use-live-warnings). */
export const warningsQueryKey = ['warning'] as const;

export function getWarnings(): Promise<WarningList> {
  return apiClient.get<WarningList>('/api/warning');
}

export function useWarnings() {
  // Fresh from the server whenever the board opens (no socket listened while it was closed), then kept
  // fresh by the socket; a reconnect invalidates it.
  return useQuery({ queryKey: warningsQueryKey, queryFn: getWarnings, refetchOnMount: 'always' });
}
