import { modelLayerId } from '@thunderwatch/shared/map-layers';
import { MODEL_IDS } from '@thunderwatch/shared/model-ids';
import { useModels } from '../api/get-models';
import { useStartModelRun } from '../api/start-model-run';
import type { useLayerChoices } from './use-layer-choices';
import { useModelOverlay } from './use-model-overlay';

/**
 * The home map's models: the list, the overlay of the one model layer switched on (switching one on switches
 * the others off), and starting a run.
 */
export function useHomeModels(layers: ReturnType<typeof useLayerChoices>) {
  const models = useModels(true);
  const overlay = useModelOverlay(
    models.data?.items,
    MODEL_IDS.find((id) => layers.visible(modelLayerId(id))) ?? null,
    (shown) => {
      for (const m of MODEL_IDS) layers.set(modelLayerId(m), { visible: m === shown });
    },
  );
  const startRun = useStartModelRun();
  return { models, overlay, startRun };
}
