import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { can, useCurrentUser } from '../../../lib/current-user';
import { GroupSection } from './group-section';
import { UsersSection } from './users-section';
import '../users.css';

/**
 * Users and groups, for administrators (every group) and group administrators (their own): the group's
 * profile and contacts, new groups, and the group's users (create, role, disable, reset password). The
 * server checks the same permissions.
 */
export function UsersScreen() {
  const { t } = useTranslation();
  const current = useCurrentUser();
  const [pickedGroup, setPickedGroup] = useState<number | null>(null);
  const user = current.data;

  if (!user) {
    return (
      <Page title={t('screens.users')}>
        {current.isPending && <p role="status">{t('common.loading')}</p>}
        <ErrorMessage error={current.error} />
      </Page>
    );
  }
  if (!can(user, 'user.manage')) {
    return (
      <Page title={t('screens.users')}>
        <p className="alert alert-error" role="alert">
          {t('errors.permission.denied')}
        </p>
      </Page>
    );
  }

  // Only admins see every group; group administrators work inside their own.
  const isAdmin = user.role === 'admin';
  const groupId = (isAdmin && pickedGroup) || user.group.id;
  const showGroup = can(user, 'group.update') || (isAdmin && can(user, 'group.create'));

  return (
    <Page title={t('screens.users')}>
      {showGroup && (
        <GroupSection user={user} isAdmin={isAdmin} groupId={groupId} onGroupChange={setPickedGroup} />
      )}
      <UsersSection key={groupId} user={user} isAdmin={isAdmin} groupId={groupId} />
    </Page>
  );
}
