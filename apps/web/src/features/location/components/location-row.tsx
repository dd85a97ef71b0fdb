import { nameIn } from '@thunderwatch/shared/names';
import type { LocationDto } from '@thunderwatch/shared/schemas/locations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CoverageWarning } from '../../../components/coverage-warning';
import { ErrorMessage } from '../../../components/error-message';
import { RowActions } from '../../../components/row-actions';
import { SkillLine } from '../../../components/skill-line';
import { useDeleteLocation } from '../api/delete-location';
import { useUpdateLocation } from '../api/update-location';
import { inputFromLocation, shapeKindOf } from '../model/location-draft';
import { LevelBadge } from './level-badge';

const COLUMNS = 4;

interface LocationRowProps {
  location: LocationDto;
  /** Levels at which the site's alarms would reach nobody. */
  untold: readonly number[] | undefined;
  selected: boolean;
  canEdit: boolean;
  onSelect: () => void;
  onEdit: () => void;
}

export function LocationRow({ location, untold, selected, canEdit, onSelect, onEdit }: LocationRowProps) {
  const { t, i18n } = useTranslation();
  const name = nameIn(i18n.language, location);
  const update = useUpdateLocation();
  const remove = useDeleteLocation();
  const error = update.error ?? remove.error;
  // The switch follows the click at once; the list takes over once the server has answered.
  const [switching, setSwitching] = useState<boolean | null>(null);
  const enabled = switching ?? location.enabled;
  const classes = [selected ? 'row-selected' : '', location.enabled ? '' : 'row-disabled'].join(' ').trim();

  return (
    <>
      <tr className={classes || undefined}>
        <td>
          <button type="button" className="link-button" onClick={onSelect} aria-pressed={selected}>
            {name}
          </button>
          <small className="location-kind">{t(`location.kind.${shapeKindOf(location)}`)}</small>
          <small className="location-kind">
            <SkillLine locationId={location.id} />
          </small>
          <CoverageWarning
            locationId={location.id}
            untold={untold}
            ringLevels={new Set(location.rings.map((r) => r.level)).size}
          />
        </td>
        <td>
          <LevelBadge level={location.enabled ? location.level : 0} />
        </td>
        <td>
          <input
            type="checkbox"
            checked={enabled}
            disabled={!canEdit || update.isPending}
            aria-label={t('location.list.enabled_of', { name })}
            onChange={(event) => {
              setSwitching(event.target.checked);
              update.mutate(
                { id: location.id, input: inputFromLocation(location, { enabled: event.target.checked }) },
                { onSettled: () => setSwitching(null) },
              );
            }}
          />
        </td>
        <td className="actions">
          <RowActions
            ns="location.list"
            name={name}
            canEdit={canEdit}
            onEdit={onEdit}
            deleting={remove.isPending}
            onDelete={(done) => remove.mutate(location.id, { onSuccess: done })}
          />
        </td>
      </tr>
      {error && (
        <tr>
          <td colSpan={COLUMNS}>
            <ErrorMessage error={error} />
          </td>
        </tr>
      )}
    </>
  );
}
