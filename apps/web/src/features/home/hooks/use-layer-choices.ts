import { LAYER_CATALOGUE, type LayerDefinition } from '@thunderwatch/shared/map-layers';
import type { CustomLayer } from '@thunderwatch/shared/schemas/layers';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLayerCatalogue } from '../../../map/scene/api/get-layers';
import { useUserMapData } from '../../../map/scene/api/get-user-map-data';
import { useSaveMapView } from '../api/save-map-view';
import { changedChoices, type LayerChoice, type LayerChoices, layerChoices } from '../model/layer-choices';

const SAVE_AFTER_MS = 800;
const NO_CUSTOM: CustomLayer[] = [];

/**
 * The home map's layers as the catalogue lists them, with the user's choices (shown, opacity): saved to
 * `/api/user_map_data` a moment after each change, except while a scene is open (its layers are the scene's).
 */
export function useLayerChoices(scene: readonly { id: string; opacity: number }[] | null) {
  const catalogue = useLayerCatalogue();
  const mapData = useUserMapData();
  const save = useSaveMapView();
  // Until the catalogue loads the built-in one applies (the same ids), so the map is never without layers.
  const items: readonly LayerDefinition[] = catalogue.data?.items ?? LAYER_CATALOGUE;
  const custom = catalogue.data?.custom ?? NO_CUSTOM;
  const saved = mapData.data?.layer_state;
  const base = useMemo(
    () => layerChoices(items, custom, saved, scene ?? undefined),
    [items, custom, saved, scene],
  );
  const [changes, setChanges] = useState<LayerChoices>({});
  // Opening or closing a scene starts from its layers (or the saved choices) again.
  const [changesOf, setChangesOf] = useState(scene);
  if (changesOf !== scene) {
    setChangesOf(scene);
    setChanges({});
  }
  const choices = useMemo(() => ({ ...base, ...changes }), [base, changes]);
  const latest = useRef(choices);
  latest.current = choices;

  const set = useCallback(
    (id: string, patch: Partial<LayerChoice>) =>
      setChanges((c) => {
        const now = c[id] ?? latest.current[id] ?? { visible: false, opacity: 1 };
        return { ...c, [id]: { ...now, ...patch } };
      }),
    [],
  );

  const { mutate } = save;
  /** The save waiting for its moment, sent at once if the user leaves first (the page, or home). */
  const pending = useRef<((keepalive: boolean) => void) | null>(null);
  // Declared before the save's own effect, so that on leaving home it runs before that one drops the save.
  useEffect(() => {
    const leave = () => pending.current?.(true);
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, []);
  useEffect(() => {
    if (scene || Object.keys(changes).length === 0) return;
    const send = (keepalive: boolean) => {
      pending.current = null;
      mutate({ layer_state: changedChoices(latest.current, items, custom), keepalive });
    };
    pending.current = send;
    const timer = window.setTimeout(() => send(false), SAVE_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      if (pending.current === send) pending.current = null;
    };
  }, [changes, scene, mutate, items, custom]);

  const visible = useCallback((id: string) => choices[id]?.visible ?? false, [choices]);
  const opacity = useCallback((id: string) => choices[id]?.opacity ?? 1, [choices]);
  return {
    items,
    custom,
    choices,
    set,
    visible,
    opacity,
    error: catalogue.error ?? save.error,
  };
}
