import { useMutation } from '@tanstack/react-query';
import type { StatusOk } from '@thunderwatch/shared/schemas/kit';
import { apiClient } from '../../../lib/api-client';

export interface ChangePasswordInput {
  old_password: string;
  new_password: string;
}

/** The current session stays; the server signs out every other session of the user. */
export function changePassword(input: ChangePasswordInput): Promise<StatusOk> {
  return apiClient.post<StatusOk>('/api/change_password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
