import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { AlertDto, AlertPage } from '@thunderwatch/shared/schemas/alerts';
import type { DeliveryRecord } from '@thunderwatch/shared/schemas/notifications';
import type { AlarmDto } from '@thunderwatch/shared/schemas/warnings';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { AlertHistoryQuery } from '../model/alert-filters';

export interface AlertPageQuery extends AlertHistoryQuery {
  limit: number;
  offset: number;
}

/** GET /api/alert_hist/: a page of the caller's group's episodes (an admin's: all, or one group's), newest first. */
export function useAlertHistory(query: AlertPageQuery, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.alertHistory(query),
    queryFn: ({ signal }) =>
      apiClient.get<AlertPage>('/api/alert_hist/', { ...query, format: 'json' }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/alert_hist/:id: one episode, for a link whose episode is not on the page shown. */
export function useAlertEpisode(id: number | null) {
  return useQuery({
    queryKey: queryKeys.alertHistory({ id }),
    queryFn: ({ signal }) => apiClient.get<AlertDto>(`/api/alert_hist/${id}`, undefined, { signal }),
    enabled: id !== null,
  });
}

export type AlertDownload =
  | { kind: 'csv'; query: AlertHistoryQuery }
  | { kind: 'xlsx'; query: AlertHistoryQuery; lang: 'en' | 'zh-Hans'; timeZone: string }
  | { kind: 'cap'; id: number };

/** The filtered episodes as CSV or XLSX, or one episode as CAP, fetched with the bearer token. */
export function downloadAlerts(what: AlertDownload): Promise<Blob> {
  const blob = { responseType: 'blob' } as const;
  if (what.kind === 'cap') return apiClient.get<Blob>(`/api/alert_hist/${what.id}/cap`, undefined, blob);
  // The workbook's times in the reader's zone (CSV keeps ISO instants).
  const lang = what.kind === 'xlsx' ? { lang: what.lang, time_zone: what.timeZone } : {};
  return apiClient.get<Blob>('/api/alert_hist/', { ...what.query, format: what.kind, ...lang }, blob);
}

export function useDownloadAlerts() {
  return useMutation({ mutationFn: downloadAlerts });
}

/**
 * The lightning alarms the episode raised (one per rise of its level), with who confirmed them: the
 * location's alarms over the episode's span, kept to those of this alert.
 */
export function useAlertAlarms(alert: AlertDto) {
  return useQuery({
    queryKey: queryKeys.alarms.ofAlert(alert.id),
    queryFn: async ({ signal }) => {
      const page = await apiClient.get<{ items: AlarmDto[]; total: number }>(
        '/api/alarms/',
        {
          kind: 'lightning',
          location_id: alert.location_id,
          group_id: alert.group_id,
          from: alert.started_at,
          to: alert.ended_at ? new Date(Date.parse(alert.ended_at) + 1).toISOString() : undefined,
          limit: 100,
          offset: 0,
        },
        { signal },
      );
      return page.items
        .filter((a) => a.alert_id === alert.id)
        .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
    },
  });
}

/** Who an alarm's messages went to, as far as the caller may see (group admins: all; others: their own). */
export function useAlarmDeliveries(alarmId: number) {
  const query = { alarm_id: alarmId, limit: 100, offset: 0 };
  return useQuery({
    queryKey: queryKeys.deliveries.page(query),
    queryFn: ({ signal }) =>
      apiClient.get<{ items: DeliveryRecord[]; total: number }>('/api/notification/deliveries', query, {
        signal,
      }),
  });
}
