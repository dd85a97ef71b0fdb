import { useMutation } from '@tanstack/react-query';
import type { SendVerifyCodeResponse, VerifyPurpose } from '@thunderwatch/shared/schemas/accounts';
import { apiClient } from './api-client';

export interface SendVerifyCodeInput {
  phone: string;
  purpose: VerifyPurpose;
}

/** Shared by phone login and password reset: one SMS code per phone every `resend_after` seconds. */
export function sendVerifyCode(input: SendVerifyCodeInput): Promise<SendVerifyCodeResponse> {
  return apiClient.post<SendVerifyCodeResponse>('/api/verify_code', input);
}

export function useSendVerifyCode() {
  return useMutation({ mutationFn: sendVerifyCode });
}
