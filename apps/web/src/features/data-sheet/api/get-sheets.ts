import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type {
  SheetExportQuery,
  SheetId,
  SheetList,
  SheetPage,
  SheetQuery,
} from '@thunderwatch/shared/schemas/sheets';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/insight/sheet/: the sheets there are, with their columns. */
export function useSheetList() {
  return useQuery({
    queryKey: queryKeys.sheets.list,
    queryFn: ({ signal }) => apiClient.get<SheetList>('/api/insight/sheet/', undefined, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET /api/insight/sheet/:id: one page of a sheet. */
export function useSheetPage(id: SheetId | null, query: SheetQuery) {
  return useQuery({
    queryKey: queryKeys.sheets.page(id ?? '', query),
    queryFn: ({ signal }) => apiClient.get<SheetPage>(`/api/insight/sheet/${id}`, { ...query }, { signal }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/insight/sheet/:id/export: every row as CSV or XLSX, fetched with the bearer token. */
export function useExportSheet() {
  return useMutation({
    mutationFn: ({ id, query }: { id: SheetId; query: SheetExportQuery }) =>
      apiClient.get<Blob>(`/api/insight/sheet/${id}/export`, { ...query }, { responseType: 'blob' }),
  });
}
