import type { ZoneDto } from '@thunderwatch/shared/schemas/zones';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { RowActions } from '../../../components/row-actions';
import { useDeleteZone } from '../api/delete-zone';

const COLUMNS = 4;

interface ZoneRowProps {
  zone: ZoneDto;
  selected: boolean;
  canEdit: boolean;
  onSelect: () => void;
  onEdit: () => void;
}

export function ZoneRow({ zone, selected, canEdit, onSelect, onEdit }: ZoneRowProps) {
  const { t, i18n } = useTranslation();
  const remove = useDeleteZone();
  const vertices = Math.max(0, (zone.geometry.coordinates[0]?.length ?? 1) - 1);
  const area = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: zone.area_km2 < 10 ? 2 : 0 });

  return (
    <>
      <tr className={selected ? 'row-selected' : undefined}>
        <td>
          <button type="button" className="link-button" onClick={onSelect} aria-pressed={selected}>
            {zone.name}
          </button>
        </td>
        <td className="numeric nowrap">
          {t('geometry.list.area_value', { area: area.format(zone.area_km2) })}
        </td>
        <td className="numeric">{vertices}</td>
        <td className="actions">
          <RowActions
            ns="geometry.list"
            name={zone.name}
            canEdit={canEdit}
            onEdit={onEdit}
            deleting={remove.isPending}
            onDelete={(done) => remove.mutate(zone.id, { onSettled: done })}
            onAsk={() => remove.reset()}
          />
        </td>
      </tr>
      {remove.error && (
        <tr>
          <td colSpan={COLUMNS}>
            <ErrorMessage error={remove.error} />
          </td>
        </tr>
      )}
    </>
  );
}
