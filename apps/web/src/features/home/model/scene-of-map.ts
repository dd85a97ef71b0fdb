import type { SceneInput } from '@thunderwatch/shared/schemas/layers';
import { NO_STROKE_FILTER, type StrokeFilter, sceneFiltersOf } from '../../../lib/stroke-filter';
import type { LayerChoices } from './layer-choices';

export interface MapNow {
  center: [number, number];
  zoom: number;
  /** Degrees clockwise from north (north-up when absent). */
  bearing?: number;
  choices: LayerChoices;
  /** live, or the replay's time shown with the trail drawn before it (ms). */
  mode: 'live' | string;
  shown: number;
  trailMs: number;
  radarProduct: string | null;
  strokeFilter?: StrokeFilter;
}

/**
 * The map as it is now as a scene's view: its bearing, its layers shown with their opacity, live or the
 * replayed window, the radar product while radar is shown and the stroke filter while strokes are.
 */
export function sceneOfMap(m: MapNow): Omit<SceneInput, 'name' | 'shared' | 'rotation'> {
  return {
    center: m.center,
    zoom: m.zoom,
    bearing: m.bearing ?? 0,
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
    filters: {
      ...(m.radarProduct && m.choices.radar?.visible ? { radar_product: m.radarProduct } : {}),
      ...(m.choices.strokes?.visible ? sceneFiltersOf(m.strokeFilter ?? NO_STROKE_FILTER) : {}),
    },
  };
}
