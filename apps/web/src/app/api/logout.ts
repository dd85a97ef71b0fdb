import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StatusOk } from '@thunderwatch/shared/schemas/kit';
import { apiClient } from '../../lib/api-client';
import { endSession } from '../../lib/session';

export function logout(): Promise<StatusOk> {
  return apiClient.post<StatusOk>('/api/logout', {});
}

/**
 * Revokes the session on the server; the local tokens go whatever the server answers, and the route
 * guard then shows /login.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => endSession(queryClient, { deliberate: true }),
  });
}
