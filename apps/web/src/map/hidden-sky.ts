import type { Map as MapLibreMap } from 'maplibre-gl';

/** The part of MapLibre's painter that draws the sky (not in its typings; MapLibre's version is pinned). */
interface SkyPainter {
  drawFunctions?: { sky?: (...args: unknown[]) => void };
}

/**
 * MapLibre draws its sky on every frame, one quad over the whole map, before the layers. On a flat map (no
 * pitch) it never shows: the style's opaque background covers it. Without a graphics card it was still about
 * half of each frame (70 of 140–160 ms at 1146×712, measured in Chromium with SwiftShader, bench/map-open).
 * Leaves the sky out while the map is flat; a tilted map draws it as before. False on a MapLibre whose
 * painter does not draw the sky this way (it is left as it was).
 */
export function leaveOutHiddenSky(map: Pick<MapLibreMap, 'getPitch'>): boolean {
  const painter = (map as { painter?: SkyPainter }).painter;
  const draw = painter?.drawFunctions;
  const sky = draw?.sky;
  if (!painter || !draw || typeof sky !== 'function') return false;
  painter.drawFunctions = {
    ...draw,
    sky: (...args: unknown[]) => {
      if (map.getPitch() > 0) sky.apply(draw, args);
    },
  };
  return true;
}
