import type { Position } from '@thunderwatch/shared/schemas/geo';
import type { LocationDto } from '@thunderwatch/shared/schemas/locations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { can, useCurrentUser } from '../../../lib/current-user';
import { useLocations } from '../../../lib/locations';
import { useZoneChoices } from '../../../lib/zone-choices';
import { MapWorkspace } from '../../../map/map-workspace';
import { boundsOf, outerBounds } from '../../../map/sites/ring-geometry';
import { useMapSelection } from '../../../map/use-map-selection';
import {
  draftFromLocation,
  draftPreview,
  type LocationDraft,
  newLocationDraft,
} from '../model/location-draft';
import { AdviseGroupPanel } from './advise-group-panel';
import { AdvisePanel } from './advise-panel';
import { BacktestPanel } from './backtest-panel';
import { LocationForm } from './location-form';
import { LocationMap } from './location-map';
import { LocationSkill } from './location-skill';
import { LocationTable } from './location-table';
import '../location.css';

const NO_LOCATIONS: LocationDto[] = [];

const boundsOfLocation = (location: Pick<LocationDto, 'shape' | 'rings'>) =>
  outerBounds(
    location.shape,
    location.rings.map((ring) => ring.radius_km),
  );

/** The box around several boxes. */
const union = (boxes: ([Position, Position] | null)[]) =>
  boundsOf(boxes.flatMap((box) => (box ? [box[0], box[1]] : [])));

interface Editing {
  location: LocationDto | null;
  draft: LocationDraft;
}

/** My locations: the list with their current level, the form to add or change one, and the map. */
export function LocationScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canEdit = can(user.data, 'location.update');
  // The advisor for every site of a group: group administrators (their group) and administrators (any).
  const canAdviseGroup = can(user.data, 'group.update');
  const locations = useLocations();
  const zones = useZoneChoices();
  const items = locations.data?.items ?? NO_LOCATIONS;
  const [editing, setEditing] = useState<Editing | null>(null);
  const { selectedId, setSelectedId, fit, fitTo, select } = useMapSelection(
    items,
    locations.data !== undefined,
    (some) => union(some.map(boundsOfLocation)),
  );
  const edit = (location: LocationDto) => {
    select(location.id);
    setEditing({ location, draft: draftFromLocation(location) });
  };
  /** Shows the draft being edited, with `patch` applied, and its rings. */
  const showDraft = (patch: Partial<LocationDraft>) => {
    if (!editing) return;
    const preview = draftPreview({ ...editing.draft, ...patch }, zones.data?.items ?? []);
    if (preview) fitTo('draft', boundsOfLocation(preview));
  };
  const changeDraft = (patch: Partial<LocationDraft>) => {
    // Functional: a dragged vertex sends several changes before React renders again.
    setEditing((current) => current && { ...current, draft: { ...current.draft, ...patch } });
    if (editing && patch.zoneId != null && patch.zoneId !== editing.draft.zoneId) {
      const preview = draftPreview({ ...editing.draft, ...patch }, zones.data?.items ?? []);
      if (preview) fitTo(`zone-${patch.zoneId}`, boundsOfLocation(preview));
    }
  };
  const selectedLocation = items.find((location) => location.id === selectedId);
  const done = (saved: LocationDto | null) => {
    setEditing(null);
    if (saved) setSelectedId(saved.id);
  };

  return (
    <MapWorkspace
      title={t('screens.location')}
      map={
        <LocationMap
          locations={items}
          selectedId={selectedId}
          onSelect={select}
          editing={editing ? { id: editing.location?.id ?? null, draft: editing.draft } : null}
          onDraftChange={changeDraft}
          zones={zones.data?.items ?? []}
          fit={fit}
          ready={!locations.isPending}
        />
      }
    >
      {editing ? (
        <LocationForm
          key={editing.location?.id ?? 'new'}
          location={editing.location}
          draft={editing.draft}
          onDraftChange={(draft) => changeDraft(draft)}
          onShowDraft={showDraft}
          zones={zones.data?.items}
          onDone={done}
        />
      ) : (
        <>
          <div className="location-intro">
            <p className="page-intro">{t('location.intro')}</p>
            {canEdit && (
              <button
                type="button"
                className="button"
                onClick={() => {
                  setSelectedId(null);
                  setEditing({ location: null, draft: newLocationDraft() });
                }}
              >
                {t('location.list.new')}
              </button>
            )}
          </div>
          <ErrorMessage error={locations.error} />
          <LocationTable
            locations={items}
            loading={locations.isPending}
            selectedId={selectedId}
            canEdit={canEdit}
            onSelect={select}
            onEdit={edit}
          />
          {selectedLocation && <LocationSkill location={selectedLocation} />}
          {selectedLocation && <BacktestPanel key={selectedLocation.id} location={selectedLocation} />}
          {selectedLocation && (
            <AdvisePanel
              key={`advise-${selectedLocation.id}`}
              location={selectedLocation}
              canEdit={canEdit}
            />
          )}
          {canAdviseGroup && <AdviseGroupPanel isAdmin={user.data?.role === 'admin'} />}
        </>
      )}
      <ErrorMessage error={zones.error} />
    </MapWorkspace>
  );
}
