import { useMutation } from '@tanstack/react-query';
import type { StatusOk } from '@thunderwatch/shared/schemas/kit';
import { apiClient } from '../../../lib/api-client';

export interface ResetPasswordInput {
  phone: string;
  code: string;
  password: string;
}

/** Sets a new password with an SMS code; the server signs out every session of the user. */
export function resetPassword(input: ResetPasswordInput): Promise<StatusOk> {
  return apiClient.post<StatusOk>('/api/reset_password', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
