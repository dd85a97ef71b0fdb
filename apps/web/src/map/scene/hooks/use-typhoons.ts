import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { typhoonMapData } from '../../weather/typhoon-features';
import type { TyphoonPick } from '../../weather/typhoon-layer';
import { useActiveTyphoons } from '../api/get-typhoons';

/** The typhoon layer (shown when `on`): the active storms' map features in the language shown, the point picked. */
export function useTyphoons(on: boolean) {
  const { i18n } = useTranslation();
  const [pick, setPick] = useState<TyphoonPick | null>(null);
  const typhoons = useActiveTyphoons(on);
  const data = useMemo(
    () => typhoonMapData(typhoons.storms, i18n.language),
    [typhoons.storms, i18n.language],
  );
  return {
    on,
    pick: on ? pick : null,
    setPick,
    data,
    count: typhoons.storms.length,
    loading: typhoons.loading,
    error: typhoons.error,
  };
}

/** What strokes leave to the marks over them: the union of the clickable layers switched on. */
export function clicksOver(
  ...targets: ({ layers: readonly string[]; px: number } | false)[]
): { layers: readonly string[]; px: number } | undefined {
  const on = targets.filter((t): t is { layers: readonly string[]; px: number } => t !== false);
  if (on.length === 0) return undefined;
  return { layers: on.flatMap((t) => t.layers), px: Math.max(...on.map((t) => t.px)) };
}
