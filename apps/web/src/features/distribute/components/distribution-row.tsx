import type { DistributionList } from '@thunderwatch/shared/schemas/distribution';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { RowActions } from '../../../components/row-actions';
import { useDeleteList } from '../api/delete-list';
import { listName } from '../model/list-name';
import { MinLevelBadge } from './min-level-badge';

export const COLUMNS = 8;

interface DistributionRowProps {
  list: DistributionList;
  /** Location names by id, to name a list's locations. */
  locationNames: Map<number, string>;
  /** The list's group, in the admins' group column; null when there is no such column. */
  groupName: string | null;
  canEdit: boolean;
  onEdit: () => void;
}

export function DistributionRow({ list, locationNames, groupName, canEdit, onEdit }: DistributionRowProps) {
  const { t } = useTranslation();
  const remove = useDeleteList();
  const locations =
    list.locations === 'all'
      ? t('distribute.list.all_locations')
      : list.locations.map((id) => locationNames.get(id) ?? `#${id}`).join(', ');

  return (
    <>
      <tr>
        <td>{listName(t, list)}</td>
        {groupName !== null && <td data-label={t('distribute.list.group')}>{groupName}</td>}
        <td className="distribute-locations" data-label={t('distribute.list.locations')}>
          {locations}
        </td>
        <td data-label={t('distribute.list.min_level')}>
          <MinLevelBadge level={list.min_level} />
        </td>
        <td data-label={t('distribute.list.channels')}>
          {list.channels.map((channel) => t(`distribute.channel.${channel}`)).join(', ')}
        </td>
        <td data-label={t('distribute.list.recipients')}>{list.recipients.length}</td>
        <td data-label={t('distribute.list.quiet_hours')}>
          {list.quiet_hours ? `${list.quiet_hours.from}–${list.quiet_hours.to}` : '—'}
        </td>
        <td data-label={t('distribute.list.escalation')}>
          {list.escalate_after_min !== null && list.escalate_to
            ? t('distribute.list.escalation_text', {
                minutes: list.escalate_after_min,
                recipients: list.escalate_to.length,
              })
            : '—'}
        </td>
        <td className="actions">
          <RowActions
            ns="distribute.list"
            name={listName(t, list)}
            canEdit={canEdit}
            onEdit={onEdit}
            deleting={remove.isPending}
            onDelete={(done) => remove.mutate(list.id, { onSuccess: done })}
          />
        </td>
      </tr>
      {remove.error && (
        <tr>
          <td colSpan={COLUMNS + (groupName !== null ? 1 : 0)}>
            <ErrorMessage error={remove.error} />
          </td>
        </tr>
      )}
    </>
  );
}
