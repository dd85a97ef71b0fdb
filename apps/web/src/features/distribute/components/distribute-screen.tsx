import { nameIn } from '@thunderwatch/shared/names';
import type { DistributionList } from '@thunderwatch/shared/schemas/distribution';
import type { LocationDto } from '@thunderwatch/shared/schemas/locations';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { can, useCurrentUser } from '../../../lib/current-user';
import { useGroupNames } from '../../../lib/group-names';
import { useDistributionLists } from '../api/get-lists';
import { useLocationChoices } from '../api/get-location-choices';
import { DistributionForm } from './distribution-form';
import { DistributionTable } from './distribution-table';
import '../distribute.css';

const NO_LOCATIONS: LocationDto[] = [];

/** `list` null: a new list. */
interface Editing {
  list: DistributionList | null;
}

/**
 * My group's distribution lists (an admin's: every group's, with a group column); group admins and admins
 * add, change and delete them, others read.
 */
export function DistributeScreen() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const canEdit = can(user.data, 'distribution.manage');
  const isAdmin = user.data?.role === 'admin';
  const groupNames = useGroupNames(isAdmin);
  const lists = useDistributionLists();
  const locations = useLocationChoices();
  const locationItems = locations.data?.items ?? NO_LOCATIONS;
  const locationNames = useMemo(
    () => new Map(locationItems.map((location) => [location.id, nameIn(i18n.language, location)])),
    [locationItems, i18n.language],
  );
  const [editing, setEditing] = useState<Editing | null>(null);

  return (
    <Page title={t('screens.distribute')}>
      {editing && canEdit && user.data ? (
        <DistributionForm
          key={editing.list?.id ?? 'new'}
          list={editing.list}
          groupId={editing.list?.group_id ?? user.data.group.id}
          locations={locationItems}
          onDone={() => setEditing(null)}
        />
      ) : (
        <>
          <div className="distribute-intro">
            <p className="page-intro">
              {canEdit ? t('distribute.intro') : `${t('distribute.intro')} ${t('distribute.read_only')}`}
            </p>
            {canEdit && (
              <button type="button" className="button" onClick={() => setEditing({ list: null })}>
                {t('distribute.list.new')}
              </button>
            )}
          </div>
          <ErrorMessage error={lists.error} />
          <DistributionTable
            lists={lists.data?.items ?? []}
            locationNames={locationNames}
            groupNames={isAdmin ? groupNames : null}
            loading={lists.isPending}
            canEdit={canEdit}
            onEdit={(list) => setEditing({ list })}
          />
        </>
      )}
      <ErrorMessage error={locations.error} />
    </Page>
  );
}
