import { useQuery } from '@tanstack/react-query';
import type { WarningList } from '@thunderwatch/shared/schemas/warnings';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getWarnings(): Promise<WarningList> {
  return apiClient.get<WarningList>('/api/warning');
}

export function useWarnings() {
  // Fresh from the server whenever the board opens (no socket listened while it was closed), then kept
  // fresh by the socket; a reconnect invalidates it.
  return useQuery({ queryKey: queryKeys.warnings, queryFn: getWarnings, refetchOnMount: 'always' });
}
