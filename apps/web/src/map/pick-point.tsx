import type { Position } from '@thunderwatch/shared/schemas/geo';
import type { MapMouseEvent } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { useMap } from './map-context';

/** GeoJSON wants 6 decimals at most (~0.1 m); more only looks like false precision in the form. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;

/** While mounted, a click on the map picks that point (crosshair cursor); nothing is drawn. */
export function PickPoint({ onPick }: { onPick: (position: Position) => void }) {
  const map = useMap();
  const pick = useRef(onPick);
  pick.current = onPick;
  useEffect(() => {
    const canvas = map.getCanvas();
    const onClick = (event: MapMouseEvent) =>
      pick.current([round(event.lngLat.lng), round(event.lngLat.lat)]);
    const crosshair = () => {
      canvas.style.cursor = 'crosshair';
    };
    crosshair();
    map.on('click', onClick);
    // MapLibre resets the cursor while dragging; put the crosshair back afterwards.
    map.on('dragend', crosshair);
    return () => {
      map.off('click', onClick);
      map.off('dragend', crosshair);
      canvas.style.cursor = '';
    };
  }, [map]);
  return null;
}
