import { nameIn } from '@thunderwatch/shared/names';
import type { CurrentUserDto } from '@thunderwatch/shared/schemas/kit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { can } from '../../../lib/current-user';
import { useGroups } from '../api/get-groups';
import { CreateGroupForm } from './create-group-form';
import { GroupProfileForm } from './group-profile-form';

interface GroupSectionProps {
  user: CurrentUserDto;
  isAdmin: boolean;
  groupId: number;
  onGroupChange: (groupId: number) => void;
}

/** The group profile; admins first pick which group (and may create one). */
export function GroupSection({ user, isAdmin, groupId, onGroupChange }: GroupSectionProps) {
  const { t, i18n } = useTranslation();
  const groups = useGroups({ limit: 1000, offset: 0 });
  const [creating, setCreating] = useState(false);
  const group = groups.data?.items.find((item) => item.id === groupId);
  const groupName = (g: { name: string; name_en: string | null }) => nameIn(i18n.language, g);

  return (
    <section className="panel" aria-labelledby="group-section-title">
      <div className="panel-header">
        <h2 id="group-section-title">{t('profile.group_title')}</h2>
        {isAdmin && can(user, 'group.create') && (
          <button type="button" className="button button-secondary" onClick={() => setCreating((v) => !v)}>
            {creating ? t('common.cancel') : t('profile.create_group')}
          </button>
        )}
      </div>
      {isAdmin && (
        <div className="field field-inline">
          <label htmlFor="group-picker">{t('profile.group_picker')}</label>
          <select
            id="group-picker"
            value={groupId}
            onChange={(event) => onGroupChange(Number(event.target.value))}
          >
            {!group && (
              <option value={groupId}>{user.group.id === groupId ? groupName(user.group) : groupId}</option>
            )}
            {groups.data?.items.map((item) => (
              <option key={item.id} value={item.id}>
                {groupName(item)} ({item.slug})
              </option>
            ))}
          </select>
        </div>
      )}
      {creating && (
        <CreateGroupForm
          onCreated={(created) => {
            setCreating(false);
            onGroupChange(created.id);
          }}
        />
      )}
      <ErrorMessage error={groups.error} />
      {groups.isPending && <p role="status">{t('common.loading')}</p>}
      {group && can(user, 'group.update') && (
        <GroupProfileForm key={group.id} group={group} otherGroup={group.id !== user.group.id} />
      )}
    </section>
  );
}
