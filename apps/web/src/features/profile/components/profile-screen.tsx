import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { can, useCurrentUser } from '../../../lib/current-user';
import { OwnProfileForm } from './own-profile-form';

/** The signed-in user's own profile; administrators find users and groups on a screen of their own. */
export function ProfileScreen() {
  const { t } = useTranslation();
  const current = useCurrentUser();
  const user = current.data;

  if (!user) {
    return (
      <Page title={t('profile.title')}>
        {current.isPending && <p role="status">{t('common.loading')}</p>}
        <ErrorMessage error={current.error} />
      </Page>
    );
  }

  return (
    <Page title={t('profile.title')}>
      <OwnProfileForm key={user.id} user={user} />
      {can(user, 'user.manage') && (
        <p>
          <Link to="/users">{t('profile.manage_users')}</Link>
        </p>
      )}
    </Page>
  );
}
