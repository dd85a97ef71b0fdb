import { LAYER_CATALOGUE } from '@thunderwatch/shared/map-layers';
import type { CustomLayer } from '@thunderwatch/shared/schemas/layers';
import { describe, expect, it } from 'vitest';
import { changedChoices, layerChoices } from './layer-choices';

const CUSTOM = { layer_id: 'custom_7', opacity: 0.6 } as CustomLayer;

describe('layerChoices', () => {
  it('starts from the catalogue defaults and custom layers shown', () => {
    const c = layerChoices(LAYER_CATALOGUE, [CUSTOM], undefined);
    expect(c.strokes).toEqual({ visible: true, opacity: 1 });
    expect(c.density).toEqual({ visible: false, opacity: 0.7 });
    expect(c.custom_7).toEqual({ visible: true, opacity: 0.6 });
  });

  it('applies saved choices, ignoring layers that are gone', () => {
    const saved = [
      { id: 'density', visible: true, opacity: 0.3 },
      { id: 'custom_99', visible: true, opacity: 1 },
    ];
    const c = layerChoices(LAYER_CATALOGUE, [CUSTOM], saved);
    expect(c.density).toEqual({ visible: true, opacity: 0.3 });
    expect(c.custom_99).toBeUndefined();
    expect(changedChoices(c, LAYER_CATALOGUE, [CUSTOM])).toEqual([saved[0]]);
  });

  it('shows exactly a scene’s layers', () => {
    const c = layerChoices(LAYER_CATALOGUE, [CUSTOM], undefined, [{ id: 'radar', opacity: 0.4 }]);
    expect(c.radar).toEqual({ visible: true, opacity: 0.4 });
    expect(c.strokes?.visible).toBe(false);
    expect(c.custom_7?.visible).toBe(false);
  });
});
