import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChecklistTick, ChecklistTicks } from '@thunderwatch/shared/schemas/decision';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT (tick) or DELETE (untick) /api/decision/situations/:situation/ticks/:item_id. */
export function setTick(situation: string, itemId: number, ticked: boolean): Promise<ChecklistTick | null> {
  const path = `/api/decision/situations/${encodeURIComponent(situation)}/ticks/${itemId}`;
  if (ticked) return apiClient.request<ChecklistTick>(path, { method: 'PUT' });
  return apiClient.request(path, { method: 'DELETE' }).then(() => null);
}

/** The ticks with one item's tick set (or removed). */
export function withTick(
  list: ChecklistTicks | undefined,
  situation: string,
  itemId: number,
  tick: ChecklistTick | null,
): ChecklistTicks {
  const others = (list?.ticks ?? []).filter((x) => x.item_id !== itemId);
  return { situation, ticks: tick ? [...others, tick] : others };
}

/**
 * Ticks or unticks at once on screen (the box follows the click; the who and when fill in with the answer);
 * a refusal puts the list back, and the list is asked for again either way.
 */
export function useSetTick(situation: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.decision.ticks(situation);
  return useMutation({
    mutationFn: ({ itemId, ticked }: { itemId: number; ticked: boolean }) =>
      setTick(situation, itemId, ticked),
    onMutate: async ({ itemId, ticked }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<ChecklistTicks>(key);
      const provisional: ChecklistTick | null = ticked
        ? { item_id: itemId, ticked_by: { id: null, name: '…' }, ticked_at: new Date().toISOString() }
        : null;
      queryClient.setQueryData<ChecklistTicks>(key, (list) => withTick(list, situation, itemId, provisional));
      return { before };
    },
    onSuccess: (tick, { itemId }) => {
      queryClient.setQueryData<ChecklistTicks>(key, (list) => withTick(list, situation, itemId, tick));
    },
    onError: (_error, _input, context) => {
      queryClient.setQueryData(key, context?.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
