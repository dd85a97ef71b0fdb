import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export interface AdminResetPasswordInput {
  user_id: number;
  /** Left out: the server generates one and answers it once. */
  password?: string;
}

export interface AdminResetPasswordResponse {
  status: 'ok';
  password?: string;
}

/** Sets another user's password and signs that user out. */
export function adminResetPassword(input: AdminResetPasswordInput): Promise<AdminResetPasswordResponse> {
  return apiClient.post<AdminResetPasswordResponse>('/api/admin/reset_password', input);
}

export function useAdminResetPassword() {
  return useMutation({ mutationFn: adminResetPassword });
}
