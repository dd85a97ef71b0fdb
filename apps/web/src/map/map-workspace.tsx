import type { ReactNode } from 'react';
import './map-workspace.css';

interface MapWorkspaceProps {
  title: string;
  /** The side panel: lists and forms. */
  children: ReactNode;
  /** The map (a <MapView>) filling the rest of the screen. */
  map: ReactNode;
}

/** A screen that edits things on the map: a scrolling side panel beside a full-height map. */
export function MapWorkspace({ title, children, map }: MapWorkspaceProps) {
  return (
    <div className="map-workspace">
      <section className="map-workspace-panel" aria-labelledby="map-workspace-title">
        <h1 id="map-workspace-title">{title}</h1>
        {children}
      </section>
      <div className="map-workspace-map">{map}</div>
    </div>
  );
}
