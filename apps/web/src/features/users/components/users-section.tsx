import type { CurrentUserDto } from '@thunderwatch/shared/schemas/kit';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyTableRow } from '../../../components/empty-table-row';
import { ErrorMessage } from '../../../components/error-message';
import { Pager } from '../../../components/pager';
import { can } from '../../../lib/current-user';
import { useGroupUsers } from '../api/get-group-users';
import { useRoles } from '../api/get-roles';
import { CreateUserForm } from './create-user-form';
import { GeneratedPasswordNotice } from './generated-password-notice';
import { UserRow } from './user-row';

const PAGE_SIZE = 20;

interface UsersSectionProps {
  user: CurrentUserDto;
  isAdmin: boolean;
  groupId: number;
}

/** The users of a group: search, create, enable/disable, role, password reset. */
export function UsersSection({ user, isAdmin, groupId }: UsersSectionProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  const [creating, setCreating] = useState(false);
  const [generated, setGenerated] = useState<{ username: string; password: string } | null>(null);
  const users = useGroupUsers({
    // A group admin always lists their own group; the server enforces it too.
    group_id: isAdmin ? groupId : undefined,
    q: q || undefined,
    limit: PAGE_SIZE,
    offset,
  });
  const roles = useRoles();

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setQ(search.trim());
    setOffset(0);
  };

  return (
    <section className="panel" aria-labelledby="users-section-title">
      <div className="panel-header">
        <h2 id="users-section-title">{t('profile.users_title')}</h2>
        <button type="button" className="button button-secondary" onClick={() => setCreating((v) => !v)}>
          {creating ? t('common.cancel') : t('profile.create_user')}
        </button>
      </div>
      {creating && roles.data && (
        <CreateUserForm
          roles={roles.data.items}
          groupId={isAdmin && groupId !== user.group.id ? groupId : undefined}
          onCreated={() => setCreating(false)}
        />
      )}
      {generated && (
        <GeneratedPasswordNotice
          username={generated.username}
          password={generated.password}
          onDismiss={() => setGenerated(null)}
        />
      )}
      <form className="toolbar" onSubmit={onSearch}>
        <label htmlFor="users-search">{t('profile.users_search')}</label>
        <input
          id="users-search"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <button type="submit" className="button button-secondary">
          {t('common.search')}
        </button>
      </form>
      <ErrorMessage error={users.error ?? roles.error} />
      <div className="table-wrap">
        <table className="table table-cards">
          <caption className="visually-hidden">{t('profile.users_title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('profile.username')}</th>
              <th scope="col">{t('profile.name')}</th>
              <th scope="col">{t('profile.role')}</th>
              <th scope="col">{t('profile.phone')}</th>
              <th scope="col">{t('profile.email')}</th>
              <th scope="col">{t('profile.status')}</th>
              <th scope="col">{t('common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {users.data?.items.map((item) => (
              <UserRow
                key={item.id}
                user={item}
                isSelf={item.id === user.id}
                roles={roles.data?.items ?? []}
                canChangeRole={can(user, 'role.change')}
                canResetPassword={can(user, 'password.reset_other')}
                onPasswordGenerated={(username, password) => setGenerated({ username, password })}
              />
            ))}
            <EmptyTableRow
              empty={(users.data?.items.length ?? 0) === 0}
              loading={users.isPending}
              columns={7}
              emptyText={t('profile.users_empty')}
            />
          </tbody>
        </table>
      </div>
      {users.data && (
        <Pager
          offset={offset}
          limit={PAGE_SIZE}
          total={users.data.total}
          onOffsetChange={setOffset}
          label={t('profile.users_pages')}
        />
      )}
    </section>
  );
}
