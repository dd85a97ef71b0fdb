import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminDbAuditPage,
  AdminDbItem,
  AdminDbItemEdit,
  AdminDbTableList,
  AdminDbTablePage,
} from '@thunderwatch/shared/schemas/admin-db';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Query parameters of GET /api/admin/dynamo_db/table with a table. */
export interface TablePageQuery {
  table: string;
  limit: number;
  offset: number;
  sort?: string;
  order?: 'asc' | 'desc';
  column?: string;
  op?: 'eq' | 'contains' | 'range';
  value?: string;
  from?: string;
  to?: string;
}

const BASE = '/api/admin/dynamo_db';

export function useAdminTables(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.adminDb.tables,
    queryFn: () => apiClient.get<AdminDbTableList>(`${BASE}/table`),
    enabled,
  });
}

export function useAdminTablePage(query: TablePageQuery | null) {
  return useQuery({
    queryKey: queryKeys.adminDb.page(query ?? {}),
    queryFn: () => apiClient.get<AdminDbTablePage>(`${BASE}/table`, { ...query }),
    placeholderData: keepPreviousData,
    enabled: query !== null,
  });
}

export function useAdminItem(table: string, key: string) {
  return useQuery({
    queryKey: queryKeys.adminDb.item(table, key),
    queryFn: () => apiClient.get<AdminDbItem>(`${BASE}/item`, { table, key }),
  });
}

export function useAdminAudit(offset: number, limit: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.adminDb.audit({ offset, limit }),
    queryFn: () => apiClient.get<AdminDbAuditPage>(`${BASE}/audit`, { offset, limit }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useEditAdminItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (edit: AdminDbItemEdit) => apiClient.patch<AdminDbItem>(`${BASE}/item`, edit),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.adminDb.all }),
  });
}
