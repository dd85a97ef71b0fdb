import type { ZoneDto } from '@thunderwatch/shared/schemas/zones';
import { useTranslation } from 'react-i18next';
import { EmptyTableRow } from '../../../components/empty-table-row';
import { ZoneRow } from './zone-row';

interface ZoneTableProps {
  zones: ZoneDto[];
  loading: boolean;
  selectedId: number | null;
  canEdit: boolean;
  onSelect: (id: number) => void;
  onEdit: (zone: ZoneDto) => void;
}

/** My group's zones: name, area, vertices, edit and delete. */
export function ZoneTable({ zones, loading, selectedId, canEdit, onSelect, onEdit }: ZoneTableProps) {
  const { t } = useTranslation();
  return (
    <div className="table-wrap">
      <table className="table table-dense workspace-table zone-table">
        <caption className="visually-hidden">{t('geometry.list.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('geometry.list.name')}</th>
            <th scope="col" className="numeric">
              {t('geometry.list.area')}
            </th>
            <th scope="col" className="numeric">
              {t('geometry.list.vertices')}
            </th>
            <th scope="col">{t('common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {zones.map((zone) => (
            <ZoneRow
              key={zone.id}
              zone={zone}
              selected={zone.id === selectedId}
              canEdit={canEdit}
              onSelect={() => onSelect(zone.id)}
              onEdit={() => onEdit(zone)}
            />
          ))}
          <EmptyTableRow
            empty={zones.length === 0}
            loading={loading}
            columns={4}
            emptyText={t('geometry.list.empty')}
          />
        </tbody>
      </table>
    </div>
  );
}
