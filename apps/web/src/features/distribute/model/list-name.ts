import type { DistributionList } from '@thunderwatch/shared/schemas/distribution';
import type { TFunction } from 'i18next';

/** A list's name as shown: the group's duty list in the reader's language until someone renames it. */
export const listName = (t: TFunction, list: Pick<DistributionList, 'name' | 'builtin'>): string =>
  list.builtin ? t(`distribute.builtin.${list.builtin}`) : list.name;
