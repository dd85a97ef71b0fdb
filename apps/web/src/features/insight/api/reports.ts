import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ReportDto,
  ReportList,
  ReportParameters,
  TemplateList,
} from '@thunderwatch/shared/schemas/insight';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** While a report is being made the list is looked at every 2 s. */
export const REPORTS_POLL_MS = 2000;

export function useTemplates() {
  return useQuery({
    queryKey: queryKeys.insight.templates,
    queryFn: ({ signal }) => apiClient.get<TemplateList>('/api/insight/parameter/', undefined, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useReports() {
  return useQuery({
    queryKey: queryKeys.insight.reports,
    queryFn: ({ signal }) => apiClient.get<ReportList>('/api/insight/report/', { limit: 50 }, { signal }),
    refetchInterval: (q) =>
      q.state.data?.items.some((r) => r.status === 'queued' || r.status === 'running')
        ? REPORTS_POLL_MS
        : false,
  });
}

export function useCreateReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (p: ReportParameters) => apiClient.post<ReportDto>('/api/insight/report/', p),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.insight.reports }),
  });
}

/** The report's HTML (fetched with the bearer token, shown in a sandboxed frame). */
export function getReportHtml(id: number): Promise<string> {
  return apiClient.get<string>(`/api/insight/report/${id}/html`, undefined, { responseType: 'text' });
}

export function getReportPdf(id: number): Promise<Blob> {
  return apiClient.get<Blob>(`/api/insight/report/${id}/pdf`, undefined, { responseType: 'blob' });
}
