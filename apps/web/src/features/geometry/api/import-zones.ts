import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ZoneImportResult } from '@thunderwatch/shared/schemas/zones';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** A parsed GeoJSON document; all its polygons become zones, or none do (400 `zone.invalid` per feature). */
export function importZones(document: object): Promise<ZoneImportResult> {
  return apiClient.post<ZoneImportResult>('/api/zones/import', document);
}

export function useImportZones() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importZones,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.zones }),
  });
}
