import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginResponse } from '@thunderwatch/shared/schemas/kit';
import { apiClient } from '../../../lib/api-client';
import { adoptLanguage, i18n } from '../../../lib/i18n';
import { startSession } from '../../../lib/session';

export interface LoginWithCodeInput {
  phone: string;
  code: string;
}

/** POST /api/check_verify_code with purpose `login`: consumes the code and answers like /api/login. */
export function loginWithCode(input: LoginWithCodeInput): Promise<LoginResponse> {
  return apiClient.post<LoginResponse>('/api/check_verify_code', { ...input, purpose: 'login' });
}

export function useLoginWithCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginWithCode,
    onSuccess: (response) => {
      startSession(queryClient, response);
      void adoptLanguage(response.user.language, { i18n, storage: globalThis.localStorage });
    },
  });
}
