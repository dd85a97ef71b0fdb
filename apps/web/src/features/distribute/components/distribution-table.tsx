import type { DistributionList } from '@thunderwatch/shared/schemas/distribution';
import { useTranslation } from 'react-i18next';
import { EmptyTableRow } from '../../../components/empty-table-row';
import { COLUMNS, DistributionRow } from './distribution-row';

interface DistributionTableProps {
  lists: DistributionList[];
  locationNames: Map<number, string>;
  loading: boolean;
  canEdit: boolean;
  onEdit: (list: DistributionList) => void;
}

/** My group's lists: who is told of which alarms, how, when not, and who next. */
export function DistributionTable({
  lists,
  locationNames,
  loading,
  canEdit,
  onEdit,
}: DistributionTableProps) {
  const { t } = useTranslation();
  return (
    <div className="table-wrap">
      <table className="table table-dense distribute-table">
        <caption className="visually-hidden">{t('distribute.list.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('distribute.list.name')}</th>
            <th scope="col">{t('distribute.list.locations')}</th>
            <th scope="col">{t('distribute.list.min_level')}</th>
            <th scope="col">{t('distribute.list.channels')}</th>
            <th scope="col">{t('distribute.list.recipients')}</th>
            <th scope="col">{t('distribute.list.quiet_hours')}</th>
            <th scope="col">{t('distribute.list.escalation')}</th>
            <th scope="col">{t('common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {lists.map((list) => (
            <DistributionRow
              key={list.id}
              list={list}
              locationNames={locationNames}
              canEdit={canEdit}
              onEdit={() => onEdit(list)}
            />
          ))}
          <EmptyTableRow
            empty={lists.length === 0}
            loading={loading}
            columns={COLUMNS}
            emptyText={t('distribute.list.empty')}
          />
        </tbody>
      </table>
    </div>
  );
}
