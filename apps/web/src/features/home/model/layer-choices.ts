import type { LayerDefinition } from '@thunderwatch/shared/map-layers';
import type { CustomLayer } from '@thunderwatch/shared/schemas/layers';

export interface LayerChoice {
  visible: boolean;
  opacity: number;
}
export type LayerChoices = Record<string, LayerChoice>;
export type SavedChoice = LayerChoice & { id: string };

/**
 * Each layer's shown/opacity: its default (catalogue; custom layers start shown at their own opacity),
 * overridden by what the user saved, overridden by a scene being opened (its layers shown, the rest hidden).
 */
export function layerChoices(
  catalogue: readonly LayerDefinition[],
  custom: readonly CustomLayer[],
  saved: readonly SavedChoice[] | undefined,
  scene?: readonly { id: string; opacity: number }[],
): LayerChoices {
  const out: LayerChoices = {};
  for (const d of catalogue) out[d.id] = { visible: d.default_visible, opacity: d.default_opacity };
  for (const c of custom) out[c.layer_id] = { visible: true, opacity: c.opacity };
  for (const s of saved ?? []) if (out[s.id]) out[s.id] = { visible: s.visible, opacity: s.opacity };
  if (scene) {
    for (const id of Object.keys(out)) out[id] = { ...(out[id] as LayerChoice), visible: false };
    for (const s of scene) if (out[s.id]) out[s.id] = { visible: true, opacity: s.opacity };
  }
  return out;
}

/** The choices as `/api/user_map_data` stores them: only those that differ from the default. */
export function changedChoices(
  choices: LayerChoices,
  catalogue: readonly LayerDefinition[],
  custom: readonly CustomLayer[],
): SavedChoice[] {
  const defaults = layerChoices(catalogue, custom, undefined);
  return Object.entries(choices)
    .filter(([id, c]) => {
      const d = defaults[id];
      return !d || d.visible !== c.visible || Math.abs(d.opacity - c.opacity) > 1e-6;
    })
    .slice(0, 100)
    .map(([id, c]) => ({ id, visible: c.visible, opacity: Math.round(c.opacity * 100) / 100 }));
}
