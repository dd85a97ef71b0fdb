import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AccessLogEntry, Page } from '@thunderwatch/shared/api';
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

export function getAccessLog(query: AccessLogQuery): Promise<Page<AccessLogEntry>> {
  return apiClient.get<Page<AccessLogEntry>>('/api/access_log', { ...query, format: 'json' });
}

export function useAccessLog(query: AccessLogQuery, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.accessLog(query),
    queryFn: () => getAccessLog(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}
