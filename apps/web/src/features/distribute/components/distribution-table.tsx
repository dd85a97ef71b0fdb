import type { DistributionList } from '@thunderwatch/shared/schemas/distribution';
import { useTranslation } from 'react-i18next';
import { EmptyTableRow } from '../../../components/empty-table-row';
import { COLUMNS, DistributionRow } from './distribution-row';

interface DistributionTableProps {
  lists: DistributionList[];
  locationNames: Map<number, string>;
  /** Admins see every group's lists: group names by id for a group column; null for everyone else. */
  groupNames: Map<number, string> | null;
  loading: boolean;
  canEdit: boolean;
  onEdit: (list: DistributionList) => void;
}

/** My group's lists (an admin's: every group's): who is told of which alarms, how, when not, and who next. */
export function DistributionTable({
  lists,
  locationNames,
  groupNames,
  loading,
  canEdit,
  onEdit,
}: DistributionTableProps) {
  const { t } = useTranslation();
  return (
    <div className="table-wrap">
      <table className="table table-dense table-cards distribute-table">
        <caption className="visually-hidden">{t('distribute.list.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('distribute.list.name')}</th>
            {groupNames && <th scope="col">{t('distribute.list.group')}</th>}
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
              groupName={groupNames ? (groupNames.get(list.group_id) ?? `#${list.group_id}`) : null}
              canEdit={canEdit}
              onEdit={() => onEdit(list)}
            />
          ))}
          <EmptyTableRow
            empty={lists.length === 0}
            loading={loading}
            columns={COLUMNS + (groupNames ? 1 : 0)}
            emptyText={t('distribute.list.empty')}
          />
        </tbody>
      </table>
    </div>
  );
}
