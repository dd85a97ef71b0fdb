import { useQuery } from '@tanstack/react-query';
import type { Topic } from '@thunderwatch/shared/schemas/notifications';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The topics I may follow (my group's locations, the daily summary), each saying whether I do. */
export function getTopics(): Promise<Topic[]> {
  return apiClient.get<Topic[]>('/api/notification/topics/');
}

export function useTopics() {
  return useQuery({ queryKey: queryKeys.topics, queryFn: getTopics });
}
