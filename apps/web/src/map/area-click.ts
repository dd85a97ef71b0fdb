import type { MapMouseEvent } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { useMap } from './map-context';

/** Layers drawn over another that take its clicks within `px` pixels of their features. */
export interface ClickYield {
  layers: readonly string[];
  px: number;
}

/** Whether a feature of `over`'s layers lies within its pixels of the point: the click is theirs. */
export function yieldsClick(
  map: ReturnType<typeof useMap>,
  over: ClickYield | undefined,
  x: number,
  y: number,
): boolean {
  const layers = over?.layers.filter((id) => map.getLayer(id)) ?? [];
  if (!over || layers.length === 0) return false;
  const box: [[number, number], [number, number]] = [
    [x - over.px, y - over.px],
    [x + over.px, y + over.px],
  ];
  return map.queryRenderedFeatures(box, { layers }).length > 0;
}

/** An area picked on the map: its feature's `id` property and where the click was. */
export interface AreaPick {
  id: number;
  lngLat: [number, number];
}

/**
 * Clicks on a polygon layer (`fill`, once `ready`): the topmost area at the point, or null on empty ground,
 * unless a mark over it (`yieldTo`) takes the click.
 */
export function useAreaClick(
  fill: string,
  ready: boolean,
  onSelect: (pick: AreaPick | null) => void,
  yieldTo?: ClickYield,
) {
  const map = useMap();
  const select = useRef(onSelect);
  select.current = onSelect;
  const marks = useRef(yieldTo);
  marks.current = yieldTo;
  useEffect(() => {
    if (!ready) return;
    const onClick = (event: MapMouseEvent) => {
      if (yieldsClick(map, marks.current, event.point.x, event.point.y)) return;
      // The first rendered feature is the topmost (drawn last).
      const hit = map.queryRenderedFeatures(event.point, { layers: [fill] })[0];
      if (!hit) return select.current(null);
      select.current({ id: Number(hit.properties.id), lngLat: [event.lngLat.lng, event.lngLat.lat] });
    };
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
    };
  }, [map, fill, ready]);
}
