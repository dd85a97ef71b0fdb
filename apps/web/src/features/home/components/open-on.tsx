import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { useMap } from '../../../map/map-context';
import type { Opening } from '../hooks/opening-view';

/** Room for the overlays: the counters and layers at the top, the replay bar at the bottom. */
function overlayPadding(map: MapLibreMap) {
  const { clientWidth: width, clientHeight: height } = map.getContainer();
  return {
    top: Math.round(Math.min(120, height * 0.22)),
    bottom: Math.round(Math.min(120, height * 0.2)),
    left: Math.round(Math.min(48, width * 0.08)),
    right: Math.round(Math.min(48, width * 0.08)),
  };
}

/** Moves the map once to where it should open, unless the user has moved it first. */
export function OpenOn({ opening }: { opening: Opening }) {
  const map = useMap();
  const done = useRef(false);
  const touched = useRef(false);

  useEffect(() => {
    // Only a user's gesture carries an original event; our own moves do not.
    const onStart = (event: { originalEvent?: unknown }) => {
      if (event.originalEvent) touched.current = true;
    };
    map.on('movestart', onStart);
    return () => {
      map.off('movestart', onStart);
    };
  }, [map]);

  useEffect(() => {
    if (done.current || opening.kind === 'wait') return;
    done.current = true;
    if (touched.current) return;
    if (opening.kind === 'view') map.jumpTo({ center: opening.view.center, zoom: opening.view.zoom });
    if (opening.kind === 'bounds') {
      map.fitBounds(opening.bounds, { padding: overlayPadding(map), maxZoom: 9, duration: 0 });
    }
  }, [map, opening]);
  return null;
}
