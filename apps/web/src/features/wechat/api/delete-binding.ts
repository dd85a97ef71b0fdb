import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function deleteBinding(): Promise<{ status: 'ok' }> {
  return apiClient.request<{ status: 'ok' }>('/api/wechat/binding', { method: 'DELETE' });
}

export function useDeleteBinding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBinding,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.wechatBinding }),
  });
}
