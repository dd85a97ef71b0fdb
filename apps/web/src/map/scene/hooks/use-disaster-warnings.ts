import type { DisasterWarning } from '@thunderwatch/shared/schemas/disaster';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { disasterMapData } from '../../weather/disaster-features';
import type { DisasterPick } from '../../weather/disaster-layer';
import { useDisasterWarningsQuery } from '../api/get-disaster-warnings';

const NONE: DisasterWarning[] = [];

/** The disaster warning layer (shown when `on`): the warned cities' map features, and the city picked. */
export function useDisasterWarnings(on: boolean) {
  const { i18n } = useTranslation();
  const [pick, setPick] = useState<DisasterPick | null>(null);
  const query = useDisasterWarningsQuery(on);
  const items = query.data?.items ?? NONE;
  const data = useMemo(() => disasterMapData(items, i18n.language), [items, i18n.language]);
  const picked = on && pick ? items.find((w) => w.id === pick.id) : undefined;
  const loading = query.isFetching;
  return {
    on,
    pick: picked && pick ? { warning: picked, lngLat: pick.lngLat } : null,
    setPick,
    data,
    count: items.length,
    evaluatedAt: query.data?.evaluated_at ?? null,
    loading,
    error: query.error,
  };
}
