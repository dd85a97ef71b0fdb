import type { LocationDto } from '@thunderwatch/shared/schemas/locations';
import { useTranslation } from 'react-i18next';
import { EmptyTableRow } from '../../../components/empty-table-row';
import { useUntoldSites } from '../../../lib/coverage';
import { LocationRow } from './location-row';

interface LocationTableProps {
  locations: LocationDto[];
  loading: boolean;
  selectedId: number | null;
  canEdit: boolean;
  onSelect: (id: number) => void;
  onEdit: (location: LocationDto) => void;
}

/** My locations: name, kind, current level, on/off, edit and delete. */
export function LocationTable({
  locations,
  loading,
  selectedId,
  canEdit,
  onSelect,
  onEdit,
}: LocationTableProps) {
  const { t } = useTranslation();
  const untold = useUntoldSites();
  return (
    <div className="table-wrap">
      <table className="table table-dense workspace-table location-table">
        <caption className="visually-hidden">{t('location.list.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('location.list.name')}</th>
            <th scope="col">{t('location.list.level')}</th>
            <th scope="col">{t('location.list.enabled')}</th>
            <th scope="col">{t('common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {locations.map((location) => (
            <LocationRow
              key={location.id}
              location={location}
              untold={untold.get(location.id)}
              selected={location.id === selectedId}
              canEdit={canEdit}
              onSelect={() => onSelect(location.id)}
              onEdit={() => onEdit(location)}
            />
          ))}
          <EmptyTableRow
            empty={locations.length === 0}
            loading={loading}
            columns={4}
            emptyText={t('location.list.empty')}
          />
        </tbody>
      </table>
    </div>
  );
}
