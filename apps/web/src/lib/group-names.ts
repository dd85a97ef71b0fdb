import { useQuery } from '@tanstack/react-query';
import { nameIn } from '@thunderwatch/shared/names';
import type { GroupPage } from '@thunderwatch/shared/schemas/accounts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClient } from './api-client';
import { queryKeys } from './query-keys';

const ALL_GROUPS = { limit: 1000, offset: 0 };

/** Every group (admins: all of them; everyone else: their own). */
export function getGroupNames(): Promise<GroupPage> {
  return apiClient.get<GroupPage>('/api/group_list/', ALL_GROUPS);
}

/** Group names by id in the interface language (admins: every group; others: their own). */
export function useGroupNames(enabled: boolean): Map<number, string> {
  const { i18n } = useTranslation();
  const groups = useQuery({ queryKey: queryKeys.groups.page(ALL_GROUPS), queryFn: getGroupNames, enabled });
  return useMemo(
    () => new Map((groups.data?.items ?? []).map((g) => [g.id, nameIn(i18n.language, g)])),
    [groups.data, i18n.language],
  );
}
