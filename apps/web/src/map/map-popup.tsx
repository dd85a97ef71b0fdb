import type { Popup, PositionAnchor } from 'maplibre-gl';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { PHONE_QUERY } from '../lib/use-media-query';
import { useMap } from './map-context';
import { maplibregl } from './maplibre';
import './map-popup.css';

interface MapPopupProps {
  lngLat: [number, number];
  onClose: () => void;
  children: ReactNode;
  label: string;
  /** Where the popup sits against its point; MapLibre picks one that fits when not given. */
  anchor?: PositionAnchor;
}

/** A MapLibre popup whose content is React (rendered through a portal into the popup's element). */
export function MapPopup({ lngLat, onClose, children, label, anchor }: MapPopupProps) {
  const map = useMap();
  const [container] = useState(() => {
    const element = document.createElement('div');
    element.className = 'map-popup-body';
    return element;
  });
  const popup = useRef<Popup | null>(null);
  const close = useRef(onClose);
  close.current = onClose;
  const initialLngLat = useRef(lngLat);
  const initialAnchor = useRef(anchor);

  useEffect(() => {
    container.setAttribute('role', 'dialog');
    container.setAttribute('aria-label', label);
  }, [container, label]);

  useEffect(() => {
    const instance = new maplibregl.Popup({
      closeOnClick: false,
      // On a phone at most about two thirds of the screen, so one of MapLibre's anchors (beside the point, or
      // centred over it) always keeps the popup on the screen.
      maxWidth: window.matchMedia(PHONE_QUERY).matches ? 'min(360px, 68vw)' : '360px',
      focusAfterOpen: false,
      offset: 10,
      className: 'map-popup',
      // Keep clear of the screen's own panels (the time slider along the bottom).
      padding: { top: 12, right: 12, bottom: 96, left: 12 },
      ...(initialAnchor.current ? { anchor: initialAnchor.current } : {}),
    })
      .setDOMContent(container)
      .setLngLat(initialLngLat.current)
      .addTo(map);
    const onPopupClose = () => close.current();
    instance.on('close', onPopupClose);
    popup.current = instance;
    // Content that grows later (a flash loading) may no longer fit where the popup was anchored.
    const refit = new ResizeObserver(() => instance.setLngLat(instance.getLngLat()));
    refit.observe(container);
    return () => {
      refit.disconnect();
      instance.off('close', onPopupClose);
      instance.remove();
      popup.current = null;
    };
  }, [map, container]);

  useEffect(() => {
    popup.current?.setLngLat(lngLat);
  }, [lngLat]);

  return createPortal(children, container);
}
