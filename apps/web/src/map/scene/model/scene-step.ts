import type { CustomLayer, Scene, SceneTime } from '@thunderwatch/shared/schemas/layers';

/**
 * The built-in layers a wall screen's rotation draws for a step, in drawing order (lowest first). Model
 * outputs and flights stay on the home map: they need its panels to mean anything.
 */
export const WALL_LAYERS = [
  'radar',
  'density',
  'disaster',
  'locations',
  'cells',
  'typhoons',
  'strokes',
] as const;
export type WallLayer = (typeof WALL_LAYERS)[number];

export interface StepLayers {
  /** Each built-in layer the scene shows, with its opacity (0–1). */
  builtIn: Partial<Record<WallLayer, number>>;
  /** The group's custom layers the scene shows (layers since deleted are left out), in the scene's order. */
  custom: { layer: CustomLayer; opacity: number }[];
}

const isWallLayer = (id: string): id is WallLayer => (WALL_LAYERS as readonly string[]).includes(id);
const clamp01 = (n: number) => (Number.isFinite(n) ? Math.max(0, Math.min(1, n)) : 1);

/**
 * What a step mounts: the scene's layers the wall can draw, each at its opacity. `skip` leaves out layers the
 * screen draws itself (the gale screen's own typhoons); unknown ids (a layer since removed) are ignored.
 */
export function stepLayers(
  layers: Scene['layers'],
  custom: readonly CustomLayer[],
  skip: readonly string[] = [],
): StepLayers {
  const builtIn: StepLayers['builtIn'] = {};
  const shown: StepLayers['custom'] = [];
  for (const { id, opacity } of layers) {
    if (skip.includes(id)) continue;
    if (isWallLayer(id)) builtIn[id] = clamp01(opacity);
    else {
      const layer = custom.find((c) => c.layer_id === id);
      if (layer && !shown.some((s) => s.layer.id === layer.id))
        shown.push({ layer, opacity: clamp01(opacity) });
    }
  }
  return { builtIn, custom: shown };
}

export type StepTime =
  | { mode: 'live' }
  /** A past window: the map shows its end (`shown`) with the strokes from `from` (at most `trailMs` before). */
  | { mode: 'replay'; shown: number; from: number; to: number };

/**
 * The time a step shows. Live is the present; a window is replayed at its end, like the home map opening the
 * scene, with only the window's strokes (at most the replay's trail of them).
 */
export function stepTime(time: SceneTime, trailMs: number): StepTime {
  if (time.mode === 'live') return { mode: 'live' };
  const to = Date.parse(time.to);
  const from = Date.parse(time.from);
  if (!Number.isFinite(to) || !Number.isFinite(from) || from >= to) return { mode: 'live' };
  return { mode: 'replay', shown: to, from: Math.max(from, to - trailMs), to };
}

/** How long a step stays (ms) before the next, or null when it stays (one step, or no seconds). */
export function stepDelayMs(seconds: number, steps: number): number | null {
  if (steps < 2 || !(seconds > 0)) return null;
  return seconds * 1000;
}

/** Whether any step shows live strokes: only then does the rotation keep a live stroke feed. */
export function needsLiveStrokes(steps: readonly { scene: Pick<Scene, 'layers' | 'time'> }[]): boolean {
  return steps.some(
    ({ scene }) => scene.time.mode === 'live' && scene.layers.some((layer) => layer.id === 'strokes'),
  );
}
