import type { LocationDto } from '@thunderwatch/shared/schemas/locations';
import type { ZoneDto } from '@thunderwatch/shared/schemas/zones';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BasemapLayer } from '../../../map/basemap/basemap-layer';
import { FitBounds } from '../../../map/fit-bounds';
import { MapView, type MapViewState } from '../../../map/map-view';
import { PickPoint } from '../../../map/pick-point';
import { DrawPolygon } from '../../../map/sites/draw-polygon';
import { LocationRingsLayer, type RingedLocation } from '../../../map/sites/location-rings-layer';
import { LocationLabelsLayer } from '../../../map/sites/locations-layer';
import { PolygonsLayer } from '../../../map/sites/polygons-layer';
import type { MapFit } from '../../../map/use-map-selection';
import { draftPreview, type LocationDraft, pointFromMap } from '../model/location-draft';

/** South China, where the demo's simulated storms and seeded sites are. */
const INITIAL_VIEW: MapViewState = { center: [113.3, 23.1], zoom: 6.5 };
const DRAFT_ID = -1;

interface LocationMapProps {
  locations: LocationDto[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** The form's draft while creating or editing (that location is then drawn from the draft). */
  editing: { id: number | null; draft: LocationDraft } | null;
  onDraftChange: (patch: Partial<LocationDraft>) => void;
  zones: ZoneDto[];
  fit: MapFit | null;
  /** Its data have arrived (or failed): the map shows once they are drawn. */
  ready: boolean;
}

/** My locations and their rings; while a form is open, the draft and the tool that sets its shape. */
export function LocationMap({
  locations,
  selectedId,
  onSelect,
  editing,
  onDraftChange,
  zones,
  fit,
  ready,
}: LocationMapProps) {
  const { t } = useTranslation();
  const saved = useMemo<RingedLocation[]>(
    () =>
      locations
        .filter((location) => location.id !== editing?.id)
        .map((location) => ({
          id: location.id,
          shape: location.shape,
          rings: location.rings,
          level: location.enabled ? location.level : 0,
          selected: location.id === selectedId,
          muted: !location.enabled,
        })),
    [locations, selectedId, editing?.id],
  );
  const labelled = useMemo(
    () =>
      locations
        .filter((location) => location.id !== editing?.id)
        .map((location) => (location.enabled ? location : { ...location, level: 0 as const })),
    [locations, editing?.id],
  );
  const draft = editing?.draft;
  const preview = useMemo<RingedLocation[]>(() => {
    const shown = draft ? draftPreview(draft, zones) : null;
    return shown ? [{ id: DRAFT_ID, ...shown, level: 0, selected: true }] : [];
  }, [draft, zones]);
  const zonePolygons = useMemo(
    () =>
      zones.map((zone) => ({ id: zone.id, geometry: zone.geometry, selected: zone.id === draft?.zoneId })),
    [zones, draft?.zoneId],
  );

  return (
    <MapView initialView={INITIAL_VIEW} label={t('location.map_label')} ready={ready}>
      <BasemapLayer />
      {draft?.kind === 'zone' && (
        <PolygonsLayer
          id="location-zones"
          polygons={zonePolygons}
          onSelect={(zoneId) => onDraftChange({ zoneId })}
        />
      )}
      <LocationRingsLayer locations={saved} onSelect={editing ? undefined : onSelect} />
      <LocationRingsLayer id="location-draft" locations={preview} />
      <LocationLabelsLayer locations={labelled} />
      {draft?.kind === 'point' && <PickPoint onPick={(point) => onDraftChange(pointFromMap(point))} />}
      {draft?.kind === 'polygon' && (
        <DrawPolygon draft={draft.polygon} onChange={(polygon) => onDraftChange({ polygon })} />
      )}
      {fit && <FitBounds fitKey={fit.key} bounds={fit.bounds} />}
    </MapView>
  );
}
