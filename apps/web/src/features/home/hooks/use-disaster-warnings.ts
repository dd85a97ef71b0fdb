import type { DisasterWarning } from '@thunderwatch/shared/schemas/disaster';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { disasterMapData } from '../../../map/disaster-features';
import type { DisasterPick } from '../../../map/disaster-layer';
import { useDisasterWarningsQuery } from '../api/get-disaster-warnings';

const NONE: DisasterWarning[] = [];

/** The disaster warning layer's switch, the warned cities' map features, and the city picked. */
export function useDisasterWarnings() {
  const { i18n } = useTranslation();
  const [on, setOnState] = useState(false);
  const [pick, setPick] = useState<DisasterPick | null>(null);
  const query = useDisasterWarningsQuery(on);
  const items = query.data?.items ?? NONE;
  const data = useMemo(() => disasterMapData(items, i18n.language), [items, i18n.language]);
  const setOn = useCallback((value: boolean) => {
    setOnState(value);
    if (!value) setPick(null);
  }, []);
  const picked = on && pick ? items.find((w) => w.id === pick.id) : undefined;
  const loading = query.isFetching;
  const switcher = useMemo(
    () => ({ on, onChange: setOn, loading, count: items.length }),
    [on, setOn, loading, items.length],
  );
  return {
    switcher,
    on,
    setOn,
    pick: picked && pick ? { warning: picked, lngLat: pick.lngLat } : null,
    setPick,
    data,
    count: items.length,
    evaluatedAt: query.data?.evaluated_at ?? null,
    loading,
    error: query.error,
  };
}
