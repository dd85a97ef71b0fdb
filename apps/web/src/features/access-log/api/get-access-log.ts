import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AccessLogPage } from '@thunderwatch/shared/schemas/admin';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Query parameters of GET /api/access_log; `from`/`to` are ISO instants. */
export interface AccessLogQuery {
  username?: string;
  path?: string;
  method?: string;
  status?: number;
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

export function getAccessLog(query: AccessLogQuery): Promise<AccessLogPage> {
  return apiClient.get<AccessLogPage>('/api/access_log', { ...query, format: 'json' });
}

export function useAccessLog(query: AccessLogQuery, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.accessLog(query),
    queryFn: () => getAccessLog(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}
