import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** All my zones as one GeoJSON FeatureCollection, fetched with the bearer token. */
export function exportZones(): Promise<Blob> {
  return apiClient.get<Blob>('/api/zones/export', undefined, { responseType: 'blob' });
}

export function useExportZones() {
  return useMutation({ mutationFn: exportZones });
}
