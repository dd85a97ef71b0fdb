import type { Map as MapLibreMap } from 'maplibre-gl';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { leaveOutHiddenSky } from './hidden-sky';
import { type LayerWarmUp, warmUpLayers } from './layer-warm-up';
import { useMapConfig } from './map-config';
import { MapContext } from './map-context';
import { buildBaseStyle } from './map-style';
import { maplibregl } from './maplibre';
import { presentInSoftware, softwareWebGl } from './software-present';
import { useReveal } from './use-reveal';
import './map-view.css';

export interface MapViewState {
  center: [number, number];
  zoom: number;
  /** Degrees clockwise from north; reported by maps that `rotate` only. */
  bearing?: number;
}

interface MapViewProps {
  initialView: MapViewState;
  /** After each move: the view and the visible bounds. */
  onMoveEnd?: (view: MapViewState, map: MapLibreMap) => void;
  /** Layer components; they mount once the base style has loaded. */
  children?: ReactNode;
  label: string;
  /**
   * The map turns (right-drag or Ctrl-drag, two-finger twist) and shows a compass that turns it back north;
   * the compass carries the bearing in `data-bearing`. Off: the map stays north-up.
   */
  rotate?: boolean;
  /**
   * The screen's first data are set on the map (default: it has none to wait for). The map's canvas shows
   * once they are drawn (see `MapReveal`).
   */
  ready?: boolean;
  /**
   * Layers the screen may switch on later, drawn once unseen after the map shows, so that their first frame
   * does not also compile their shaders (without a graphics card only: `warmUpLayers`). Read once.
   */
  warmUp?: readonly LayerWarmUp[];
  /** Called once the map shows, or cannot start (no WebGL): what waited for the map need wait no more. */
  onShown?: () => void;
}

/** The one MapLibre map of a screen; creates it once and hands it to its layer components. */
export function MapView({
  initialView,
  onMoveEnd,
  children,
  label,
  rotate = false,
  ready = true,
  warmUp = [],
  onShown,
}: MapViewProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [failed, setFailed] = useState(false);
  // The basemap's layers are added once the server's basemap setting is known (`BasemapLayer`): the map shows
  // with them, not before them (image sources count as loaded at once, see `loadedToDraw`).
  const basemapSetting = useMapConfig();
  const { hidden: opening, openUnseen } = useReveal(ready && !basemapSetting.isPending);
  const warmUps = useRef(warmUp);
  useEffect(() => {
    if (map && !opening) return warmUpLayers(map, warmUps.current);
  }, [map, opening]);
  const shown = useRef(onShown);
  shown.current = onShown;
  useEffect(() => {
    if (failed || (map && !opening)) shown.current?.();
  }, [failed, map, opening]);
  const initial = useRef(initialView);
  const moveEnd = useRef(onMoveEnd);
  moveEnd.current = onMoveEnd;

  // The map is created once; its control labels keep the language it was created in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: created once per mount
  useEffect(() => {
    if (!container.current) return;
    let instance: MapLibreMap;
    try {
      instance = new maplibregl.Map({
        container: container.current,
        style: buildBaseStyle(),
        center: initial.current.center,
        zoom: initial.current.zoom,
        bearing: rotate ? (initial.current.bearing ?? 0) : 0,
        maxZoom: 16,
        // Names show and hide at once: a 300 ms fade redraws the map for each change of their placement, and
        // a frame costs a PC without a graphics card 50-300 ms of its processor (bench/map-open).
        fadeDuration: 0,
        // Without a graphics card a frame is shown by copy once drawn (`presentInSoftware`): it must last.
        canvasContextAttributes: { preserveDrawingBuffer: softwareWebGl() },
        // The basemap's sources carry its credit (the offline map's data, or the online tiles').
        attributionControl: { compact: true },
        locale: {
          'NavigationControl.ZoomIn': t('map.zoom_in'),
          'NavigationControl.ZoomOut': t('map.zoom_out'),
          'Popup.Close': t('map.close'),
          'NavigationControl.ResetBearing': t('map.reset_north'),
        },
        dragRotate: rotate,
        pitchWithRotate: false,
      });
    } catch (error) {
      // No WebGL (old GPU, locked-down browser): say so instead of breaking the screen.
      console.error('The map could not start', error);
      setFailed(true);
      return;
    }
    // The map of a `.map-canvas` element, for the end-to-end tests (which layers show, what they draw) and
    // for looking into it from the browser's console.
    Object.defineProperty(container.current, 'maplibreMap', { value: instance, configurable: true });
    const stopOpening = openUnseen(instance);
    const stopPresenting = presentInSoftware(instance);
    leaveOutHiddenSky(instance);
    instance.addControl(
      new maplibregl.NavigationControl({ showCompass: rotate, visualizePitch: false }),
      'bottom-right',
    );
    instance.addControl(new maplibregl.ScaleControl({ unit: 'metric' }), 'bottom-left');
    if (rotate) {
      const compass = container.current.querySelector<HTMLElement>('.maplibregl-ctrl-compass');
      const showBearing = () => {
        if (compass) compass.dataset.bearing = String(Math.round(instance.getBearing()));
      };
      showBearing();
      instance.on('rotate', showBearing);
    } else {
      instance.touchZoomRotate.disableRotation();
    }
    const report = () => {
      const c = instance.getCenter();
      const view: MapViewState = { center: [c.lng, c.lat], zoom: instance.getZoom() };
      if (rotate) view.bearing = Math.round(instance.getBearing() * 10) / 10;
      moveEnd.current?.(view, instance);
    };
    instance.on('moveend', report);
    // The credits start folded to their (i) button (MapLibre opens them until the first drag): open, they
    // covered a site's name and the typhoon on the gale screen.
    // It opens them once they have something to say (a source with a credit, after the load): folded then.
    // (MapLibre makes them compact only on a resize after they got a credit; some maps never resize.)
    const foldCredits = () => {
      const credits = container.current?.querySelector('.maplibregl-ctrl-attrib');
      if (!credits || credits.classList.contains('maplibregl-attrib-empty')) return;
      credits.classList.add('maplibregl-compact');
      credits.classList.remove('maplibregl-compact-show');
      credits.setAttribute('open', '');
      instance.off('sourcedata', foldCredits);
    };
    // After MapLibre's own handler of the same event has filled them in (a live map is never idle).
    instance.on('sourcedata', foldCredits);
    instance.on('load', () => {
      setMap(instance);
      report();
    });
    return () => {
      setMap(null);
      stopOpening();
      stopPresenting();
      instance.remove();
    };
  }, []);

  return (
    <div className="map-view" data-opening={opening ? '' : undefined}>
      <section ref={container} className="map-canvas" aria-label={label} />
      {failed && (
        <p className="map-failed alert alert-error" role="alert">
          {t('map.no_webgl')}
        </p>
      )}
      {map && <MapContext.Provider value={map}>{children}</MapContext.Provider>}
    </div>
  );
}
