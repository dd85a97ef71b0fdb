import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginRequest } from '@thunderwatch/shared/schemas/accounts';
import type { LoginResponse } from '@thunderwatch/shared/schemas/kit';
import { apiClient } from '../../../lib/api-client';
import { adoptLanguage, i18n } from '../../../lib/i18n';
import { startSession } from '../../../lib/session';

/** Username or phone number plus password; the client never sends a bearer token here. */
export function login(body: LoginRequest): Promise<LoginResponse> {
  return apiClient.post<LoginResponse>('/api/login', body);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (response) => {
      startSession(queryClient, response);
      void adoptLanguage(response.user.language, { i18n, storage: globalThis.localStorage });
    },
  });
}
