import { useMutation } from '@tanstack/react-query';
import type { WechatBindingCode } from '@thunderwatch/shared/schemas/wechat';
import { apiClient } from '../../../lib/api-client';

/** A new one-time code (QR and text); earlier codes stop working. */
export function createBindingCode(): Promise<WechatBindingCode> {
  return apiClient.post<WechatBindingCode>('/api/wechat/binding_code');
}

export function useCreateBindingCode() {
  return useMutation({ mutationFn: createBindingCode });
}
