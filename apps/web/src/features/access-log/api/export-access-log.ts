import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { AccessLogQuery } from './get-access-log';

export type AccessLogExportQuery = Omit<AccessLogQuery, 'limit' | 'offset'> & { limit?: number };

/** The filtered records as CSV, fetched with the bearer token. */
export function exportAccessLog(query: AccessLogExportQuery): Promise<Blob> {
  return apiClient.get<Blob>('/api/access_log', { ...query, format: 'csv' }, { responseType: 'blob' });
}

export function useExportAccessLog() {
  return useMutation({ mutationFn: exportAccessLog });
}
