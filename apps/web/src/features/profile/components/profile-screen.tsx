import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { can, useCurrentUser } from '../../../lib/current-user';
import { GroupSection } from './group-section';
import { OwnProfileForm } from './own-profile-form';
import { UsersSection } from './users-section';
import '../profile.css';

export function ProfileScreen() {
  const { t } = useTranslation();
  const current = useCurrentUser();
  const [pickedGroup, setPickedGroup] = useState<number | null>(null);
  const user = current.data;

  if (!user) {
    return (
      <Page title={t('profile.title')}>
        {current.isPending && <p role="status">{t('common.loading')}</p>}
        <ErrorMessage error={current.error} />
      </Page>
    );
  }

  // Only admins see every group; everybody else works inside their own.
  const isAdmin = user.role === 'admin';
  const groupId = (isAdmin && pickedGroup) || user.group.id;
  const showGroup = can(user, 'group.update') || (isAdmin && can(user, 'group.create'));

  return (
    <Page title={t('profile.title')}>
      <OwnProfileForm key={user.id} user={user} />
      {showGroup && (
        <GroupSection user={user} isAdmin={isAdmin} groupId={groupId} onGroupChange={setPickedGroup} />
      )}
      {can(user, 'user.manage') && (
        <UsersSection key={groupId} user={user} isAdmin={isAdmin} groupId={groupId} />
      )}
    </Page>
  );
}
