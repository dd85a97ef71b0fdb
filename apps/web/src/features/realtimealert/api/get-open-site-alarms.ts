import { useQuery } from '@tanstack/react-query';
import type { AlarmPage } from '@thunderwatch/shared/schemas/warnings';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { SITE_ALERT_KINDS } from '../components/site-alerts';

/** Typhoon, wave and warning alarms change with 10-minute readings and 6-hourly tracks; the board polls. */
const POLL_MS = 60_000;

/** As many as the API gives in a page: more open site alarms than this is not a board anyone reads. */
const LIMIT = 1000;

/** GET /api/alarms/?kind=typhoon&kind=wave&kind=weather_warning&open=true: my group's site alarms now. */
export function useOpenSiteAlarms() {
  return useQuery({
    queryKey: queryKeys.alarms.openSiteAlerts,
    queryFn: ({ signal }) =>
      apiClient.get<AlarmPage>(
        '/api/alarms/',
        { kind: SITE_ALERT_KINDS, open: true, limit: LIMIT, offset: 0 },
        { signal },
      ),
    refetchOnMount: 'always',
    refetchInterval: POLL_MS,
  });
}
