import type { Scene } from '@thunderwatch/shared/schemas/layers';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { MINUTE_MS } from '../../lib/stroke-store';
import { LIVE_WINDOW_MIN, REPLAY_TRAIL_MIN } from '../lightning/stroke-style';
import { useMapArea } from '../use-map-area';
import { useClock } from './hooks/use-clock';
import { useStrokeFeed } from './hooks/use-stroke-feed';
import { useWindowStrokes } from './hooks/use-window-strokes';
import { needsLiveStrokes, stepTime } from './model/scene-step';
import { SceneLayers } from './scene-layers';
import { SceneRotation } from './scene-rotation';

/** How often live strokes are re-coloured by age (as on the home map). */
const LIVE_TICK_MS = 5_000;
const TRAIL_MS = REPLAY_TRAIL_MIN * MINUTE_MS;

export interface RotationStep {
  scene: Scene;
  seconds: number;
}

/**
 * A wall screen's rotation on its map: each step moves the view to its scene and shows the scene's layers
 * (`SceneLayers`, remounted per step so nothing of a step outlives it). One live stroke feed serves every
 * step, holding the live hour only and only while a step shows live strokes; a past window's strokes are
 * loaded for its step (and kept for the next round).
 */
export function RotationLayers({
  steps,
  onScene,
  onError,
  skip,
}: {
  steps: readonly RotationStep[];
  onScene?: (scene: Scene) => void;
  /** The strokes failed to load (the live feed, or the step's window), or null again once they load. */
  onError?: (error: unknown) => void;
  skip?: readonly string[];
}) {
  const [current, setCurrent] = useState<{ scene: Scene; index: number } | null>(null);
  const feed = useStrokeFeed({ keepMs: LIVE_WINDOW_MIN * MINUTE_MS, enabled: needsLiveStrokes(steps) });
  const clock = useClock(LIVE_TICK_MS);
  const area = useMapArea();
  const scene = current?.scene;
  const time = useMemo(() => (scene ? stepTime(scene.time, TRAIL_MS) : null), [scene]);
  const past = useWindowStrokes(time?.mode === 'replay' ? time : null);
  const error = time?.mode === 'replay' ? past.error : feed.error;
  useEffect(() => onError?.(error ?? null), [error, onError]);
  const onStep = useCallback(
    (shown: Scene, index: number) => {
      setCurrent({ scene: shown, index });
      onScene?.(shown);
    },
    [onScene],
  );
  return (
    <>
      <SceneRotation steps={steps} onScene={onStep} />
      {current && time && (
        <SceneLayers
          key={`${current.index}:${current.scene.id}`}
          scene={current.scene}
          time={time}
          strokes={time.mode === 'live' ? feed.store : past.store}
          clock={clock}
          area={area}
          skip={skip}
        />
      )}
    </>
  );
}
