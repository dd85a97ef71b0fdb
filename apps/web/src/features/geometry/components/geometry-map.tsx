import type { ZoneDto } from '@thunderwatch/shared/schemas/zones';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BasemapLayer } from '../../../map/basemap/basemap-layer';
import { FitBounds } from '../../../map/fit-bounds';
import { MapView, type MapViewState } from '../../../map/map-view';
import { DrawPolygon } from '../../../map/sites/draw-polygon';
import type { PolygonDraft } from '../../../map/sites/polygon-draft';
import { PolygonsLayer } from '../../../map/sites/polygons-layer';
import type { MapFit } from '../../../map/use-map-selection';

/** South China, where the demo's simulated storms and seeded sites are. */
const INITIAL_VIEW: MapViewState = { center: [113.3, 23.1], zoom: 6.5 };

interface GeometryMapProps {
  zones: ZoneDto[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** The polygon being drawn or edited (that zone is then drawn from the draft only). */
  editing: { id: number | null; polygon: PolygonDraft } | null;
  onPolygonChange: (polygon: PolygonDraft) => void;
  fit: MapFit | null;
  /** Its data have arrived (or failed): the map shows once they are drawn. */
  ready: boolean;
}

/** All my zones; while a form is open, the polygon being drawn or edited. */
export function GeometryMap({
  zones,
  selectedId,
  onSelect,
  editing,
  onPolygonChange,
  fit,
  ready,
}: GeometryMapProps) {
  const { t } = useTranslation();
  const polygons = useMemo(
    () =>
      zones
        .filter((zone) => zone.id !== editing?.id)
        .map((zone) => ({ id: zone.id, geometry: zone.geometry, selected: zone.id === selectedId })),
    [zones, selectedId, editing?.id],
  );
  return (
    <MapView initialView={INITIAL_VIEW} label={t('geometry.map_label')} ready={ready}>
      <BasemapLayer />
      <PolygonsLayer id="zones" polygons={polygons} onSelect={editing ? undefined : onSelect} />
      {editing && <DrawPolygon draft={editing.polygon} onChange={onPolygonChange} />}
      {fit && <FitBounds fitKey={fit.key} bounds={fit.bounds} maxZoom={12} />}
    </MapView>
  );
}
