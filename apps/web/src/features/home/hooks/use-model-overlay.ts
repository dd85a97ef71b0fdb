import type { ModelDto, ModelId } from '@thunderwatch/shared/schemas/models';
import { useMemo, useState } from 'react';
import { bandStops } from '../../../map/cells/model-style';
import { useModelOutput } from '../api/get-model-output';
import { frameFeatures, frameOptions } from '../model/model-frames';

/**
 * The latest output of the model the map shows (`shownId`, chosen in the layer switcher), and which frame: the output is fetched once per run,
 * and a newer run replaces it when it finishes (the list of models is polled).
 */
export function useModelOverlay(
  models: readonly ModelDto[] | undefined,
  shownId: ModelId | null,
  show: (id: ModelId | null) => void,
) {
  const [frame, setFrame] = useState<string | null>(null);
  // Another model shown starts at its first frame.
  const [frameOf, setFrameOf] = useState(shownId);
  if (frameOf !== shownId) {
    setFrameOf(shownId);
    setFrame(null);
  }
  const model = models?.find((m) => m.id === shownId) ?? null;
  const lastDone = model?.last_run?.status === 'done' && model.last_run.has_output ? model.last_run : null;
  const output = useModelOutput(shownId && lastDone ? lastDone.id : null);
  const frames = useMemo(() => (output.data ? frameOptions(output.data) : []), [output.data]);
  const current = frames.find((f) => f.key === frame) ?? frames[0] ?? null;
  const element = model?.elements.find((e) => e.id === current?.element) ?? null;
  const data = useMemo(() => frameFeatures(output.data, current?.key ?? null), [output.data, current?.key]);
  const stops = useMemo(() => bandStops(element?.thresholds ?? []), [element]);
  return {
    shownId,
    show,
    model,
    output: output.data,
    loading: output.isFetching,
    error: output.error,
    frames,
    frame: current,
    setFrame,
    element,
    data,
    stops,
  };
}

export type ModelOverlay = ReturnType<typeof useModelOverlay>;
