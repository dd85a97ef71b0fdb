import type { Scene } from '@thunderwatch/shared/schemas/layers';
import { useEffect, useState } from 'react';
import { useMap } from '../map-context';
import { stepDelayMs } from './model/scene-step';
import './rotation-map.css';

/** Moves the map to a scene's view (centre, zoom, bearing). */
export function applySceneView(
  map: ReturnType<typeof useMap>,
  scene: Pick<Scene, 'center' | 'zoom' | 'bearing'>,
) {
  map.jumpTo({ center: scene.center, zoom: scene.zoom, bearing: scene.bearing });
}

/**
 * Steps a wall screen's map through scenes: each shown for its seconds, then the next, round and round.
 * `onScene` tells the screen which scene is shown (for its caption and layers) and at which step.
 */
export function SceneRotation({
  steps,
  onScene,
}: {
  steps: readonly { scene: Scene; seconds: number }[];
  onScene?: (scene: Scene, index: number) => void;
}) {
  const map = useMap();
  const [index, setIndex] = useState(0);
  const at = steps.length > 0 ? index % steps.length : 0;
  const step = steps[at];
  useEffect(() => {
    if (!step) return;
    applySceneView(map, step.scene);
    onScene?.(step.scene, at);
    const delay = stepDelayMs(step.seconds, steps.length);
    if (delay === null) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % steps.length), delay);
    return () => window.clearTimeout(timer);
  }, [map, step, at, steps.length, onScene]);
  return null;
}
