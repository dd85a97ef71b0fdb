import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';

/**
 * The base style, built in code so the map needs nothing from the internet: a dark background and empty
 * "slot" layers that fix the drawing order of the layer components whatever order they mount in
 * (basemap < data < strokes < top). The basemap itself (offline or `BASEMAP` tiles) is a layer component.
 */

export const SLOTS = ['basemap', 'data', 'strokes', 'top'] as const;
export type Slot = (typeof SLOTS)[number];

/** The id of the invisible layer a slot's layers are inserted before. */
export const slotId = (slot: Slot) => `slot-${slot}`;

export const MAP_COLORS = {
  background: '#07101f',
  land: '#111c2e',
  coast: '#3b5578',
  border: '#4d6a91',
  province: '#2f4566',
  city: '#8fa6c7',
  cityLabel: '#d3deee',
};

export function buildBaseStyle(): StyleSpecification {
  const layers: LayerSpecification[] = [
    { id: 'background', type: 'background', paint: { 'background-color': MAP_COLORS.background } },
  ];
  for (const slot of SLOTS) {
    layers.push({ id: slotId(slot), type: 'background', layout: { visibility: 'none' } });
  }
  return { version: 8, sources: {}, layers };
}
