import type { SceneInput } from '@thunderwatch/shared/schemas/layers';
import type { LayerChoices } from './layer-choices';

export interface MapNow {
  center: [number, number];
  zoom: number;
  choices: LayerChoices;
  /** live, or the replay's time shown with the trail drawn before it (ms). */
  mode: 'live' | string;
  shown: number;
  trailMs: number;
  radarProduct: string | null;
}

/** The map as it is now as a scene's view: its layers shown with their opacity, live or the replayed window. */
export function sceneOfMap(m: MapNow): Omit<SceneInput, 'name' | 'shared' | 'rotation'> {
  return {
    center: m.center,
    zoom: m.zoom,
    bearing: 0,
    layers: Object.entries(m.choices)
      .filter(([, c]) => c.visible)
      .map(([id, c]) => ({ id, opacity: c.opacity })),
    time:
      m.mode === 'live'
        ? { mode: 'live' }
        : {
            mode: 'window',
            from: new Date(m.shown - m.trailMs).toISOString(),
            to: new Date(m.shown).toISOString(),
          },
    filters: m.radarProduct && m.choices.radar?.visible ? { radar_product: m.radarProduct } : {},
  };
}
