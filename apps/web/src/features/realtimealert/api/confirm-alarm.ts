import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlarmConfirmInput, AlarmDto, AlarmPage } from '@thunderwatch/shared/schemas/warnings';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { applyAlarm } from '../hooks/warning-cache';

/** Confirming an alarm someone else already confirmed is harmless: the server answers it as it is. */
export function confirmAlarm(input: AlarmConfirmInput): Promise<AlarmDto> {
  return apiClient.post<AlarmDto>('/api/warning/alarm_confirm', input);
}

/** Confirms all the given alarms of one location with the same note. */
export function useConfirmAlarms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, note }: { ids: number[]; note: string }) =>
      Promise.all(ids.map((id) => confirmAlarm({ id, note: note.trim() || undefined }))),
    onSuccess: (confirmed) => {
      // Stop the flashing at once; the refetch below then reconciles the list and its total.
      for (const alarm of confirmed) {
        queryClient.setQueryData<AlarmPage>(queryKeys.alarms.unconfirmed, (page) => applyAlarm(page, alarm));
      }
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.alarms.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.warnings }),
      ]);
    },
  });
}
