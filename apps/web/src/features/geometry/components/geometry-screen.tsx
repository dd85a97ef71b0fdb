import type { ZoneDto } from '@thunderwatch/shared/schemas/zones';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { can, useCurrentUser } from '../../../lib/current-user';
import { saveBlob } from '../../../lib/download';
import { MapWorkspace } from '../../../map/map-workspace';
import { EMPTY_DRAFT, fromPolygon, type PolygonDraft } from '../../../map/sites/polygon-draft';
import { boundsOf, shapePositions } from '../../../map/sites/ring-geometry';
import { useMapSelection } from '../../../map/use-map-selection';
import { useExportZones } from '../api/export-zones';
import { useZones } from '../api/get-zones';
import { GeometryMap } from './geometry-map';
import { type ZoneDraft, ZoneForm } from './zone-form';
import { ZoneImport } from './zone-import';
import { ZoneTable } from './zone-table';
import '../geometry.css';

const NO_ZONES: ZoneDto[] = [];
const positionsOf = (zones: readonly ZoneDto[]) => zones.flatMap((zone) => shapePositions(zone.geometry));

interface Editing {
  zone: ZoneDto | null;
  draft: ZoneDraft;
}

/** Zones: polygons drawn, edited, imported from and exported to GeoJSON, to make locations from. */
export function GeometryScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canEdit = can(user.data, 'zone.update');
  const zones = useZones();
  const exportZones = useExportZones();
  const items = zones.data?.items ?? NO_ZONES;
  const [editing, setEditing] = useState<Editing | null>(null);
  const { selectedId, setSelectedId, fit, fitTo, select } = useMapSelection(
    items,
    zones.data !== undefined,
    (some) => boundsOf(positionsOf(some)),
  );
  const edit = (zone: ZoneDto) => {
    select(zone.id);
    setEditing({
      zone,
      draft: {
        name: zone.name,
        polygon: fromPolygon(zone.geometry),
        holes: zone.geometry.coordinates.slice(1),
      },
    });
  };
  const changePolygon = (polygon: PolygonDraft) =>
    // Functional: a dragged vertex sends several changes before React renders again.
    setEditing((current) => current && { ...current, draft: { ...current.draft, polygon } });
  const done = (saved: ZoneDto | null) => {
    setEditing(null);
    if (saved) setSelectedId(saved.id);
  };
  const onImported = (created: ZoneDto[]) => {
    fitTo('imported', boundsOf(positionsOf(created)));
    if (created[0]) setSelectedId(created[0].id);
  };
  const onExport = () =>
    exportZones.mutate(undefined, { onSuccess: (blob) => saveBlob(blob, 'zones.geojson') });

  return (
    <MapWorkspace
      title={t('screens.geometry')}
      map={
        <GeometryMap
          zones={items}
          selectedId={selectedId}
          onSelect={select}
          editing={editing ? { id: editing.zone?.id ?? null, polygon: editing.draft.polygon } : null}
          onPolygonChange={changePolygon}
          fit={fit}
          ready={!zones.isPending}
        />
      }
    >
      {editing ? (
        <ZoneForm
          key={editing.zone?.id ?? 'new'}
          zone={editing.zone}
          draft={editing.draft}
          onDraftChange={(draft) => setEditing({ ...editing, draft })}
          onShowPolygon={(polygon) => fitTo('draft', boundsOf(shapePositions(polygon)))}
          onDone={done}
        />
      ) : (
        <>
          <div className="geometry-intro">
            <p className="page-intro">{t('geometry.intro')}</p>
            <div className="geometry-actions">
              {canEdit && (
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    setSelectedId(null);
                    setEditing({ zone: null, draft: { name: '', polygon: EMPTY_DRAFT, holes: [] } });
                  }}
                >
                  {t('geometry.list.new')}
                </button>
              )}
              <button
                type="button"
                className="button button-secondary"
                disabled={exportZones.isPending || items.length === 0}
                onClick={onExport}
              >
                {t('geometry.export')}
              </button>
            </div>
          </div>
          <ErrorMessage error={zones.error ?? exportZones.error} />
          <ZoneTable
            zones={items}
            loading={zones.isPending}
            selectedId={selectedId}
            canEdit={canEdit}
            onSelect={select}
            onEdit={edit}
          />
          {canEdit && <ZoneImport onImported={onImported} />}
        </>
      )}
    </MapWorkspace>
  );
}
