import type { ZoneDto } from '@thunderwatch/shared/warnings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
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
  const [confirming, setConfirming] = useState(false);
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
          {canEdit && !confirming && (
            <>
              <button
                type="button"
                className="button button-small button-secondary"
                onClick={onEdit}
                aria-label={t('geometry.list.edit_of', { name: zone.name })}
              >
                {t('geometry.list.edit')}
              </button>
              <button
                type="button"
                className="button button-small button-secondary"
                onClick={() => {
                  remove.reset();
                  setConfirming(true);
                }}
                aria-label={t('geometry.list.delete_of', { name: zone.name })}
              >
                {t('geometry.list.delete')}
              </button>
            </>
          )}
          {confirming && (
            <span className="confirm">
              {t('geometry.list.delete_confirm')}
              <button
                type="button"
                className="button button-small button-danger"
                disabled={remove.isPending}
                onClick={() => remove.mutate(zone.id, { onSettled: () => setConfirming(false) })}
              >
                {t('common.yes')}
              </button>
              <button type="button" className="button button-small" onClick={() => setConfirming(false)}>
                {t('common.no')}
              </button>
            </span>
          )}
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
