import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { queryKeys } from '../../../lib/query-keys';
import { DECISION_REFRESH_MS } from './get-station-winds';

/**
 * What this screen reads of `GET /api/weather/warning` (official CMA/CAP warnings). Declared here, not in
 * packages/shared, because that API is built apart from this screen; a server without it answers 404, which
 * reads as "no warnings" so the screen works before and after it lands.
 */
export interface OfficialWarning {
  id: string | number;
  kind: string;
  level: 'blue' | 'yellow' | 'orange' | 'red' | null;
  headline: string;
  event: string;
  onset: string | null;
  expires: string | null;
}

/** The kinds this screen shows. */
export const WARNING_KINDS = ['gale', 'typhoon'] as const;

async function getKind(kind: string, signal?: AbortSignal): Promise<OfficialWarning[]> {
  try {
    const r = await apiClient.get<{ warnings: OfficialWarning[] }>(
      '/api/weather/warning',
      { active: '1', kind },
      { signal },
    );
    return Array.isArray(r.warnings) ? r.warnings : [];
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}

/** GET /api/weather/warning?active=1&kind=gale and …kind=typhoon: the active gale and typhoon warnings. */
export async function getOfficialWarnings(signal?: AbortSignal): Promise<OfficialWarning[]> {
  const lists = await Promise.all(WARNING_KINDS.map((kind) => getKind(kind, signal)));
  return lists.flat();
}

export function useOfficialWarnings() {
  return useQuery({
    queryKey: queryKeys.decision.warnings,
    queryFn: ({ signal }) => getOfficialWarnings(signal),
    refetchInterval: DECISION_REFRESH_MS,
  });
}
