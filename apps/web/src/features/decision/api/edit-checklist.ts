import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChecklistItem, ChecklistItemInput } from '@thunderwatch/shared/schemas/decision';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/decision/checklist: a new item, last of its level. */
export function createChecklistItem(input: ChecklistItemInput): Promise<ChecklistItem> {
  return apiClient.post<ChecklistItem>('/api/decision/checklist', input);
}

/** DELETE /api/decision/checklist/:id (its ticks go with it). */
export function deleteChecklistItem(id: number): Promise<unknown> {
  return apiClient.request(`/api/decision/checklist/${id}`, { method: 'DELETE' });
}

/** Adding or removing an item reloads the items (and the ticks, which lose a removed item's). */
export function useEditChecklist() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: queryKeys.decision.all });
  return {
    create: useMutation({ mutationFn: createChecklistItem, onSuccess: reload }),
    remove: useMutation({ mutationFn: deleteChecklistItem, onSuccess: reload }),
  };
}
