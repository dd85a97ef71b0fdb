import { useQuery } from '@tanstack/react-query';
import type { WechatBindingStatus } from '@thunderwatch/shared/schemas/wechat';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Whether WeChat works on this server, and my binding. */
export function getBinding(): Promise<WechatBindingStatus> {
  return apiClient.get<WechatBindingStatus>('/api/wechat/binding');
}

/** `pollMs`: ask again this often (while a code waits to be scanned), or false. */
export function useWechatBinding(pollMs: number | false = false) {
  return useQuery({ queryKey: queryKeys.wechatBinding, queryFn: getBinding, refetchInterval: pollMs });
}
