import type { GroupDto } from '@thunderwatch/shared/schemas/accounts';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { Field } from '../../../components/field';
import { orNull, useDraft } from '../../../lib/use-draft';
import { type GroupProfileChanges, useUpdateGroupProfile } from '../api/update-group-profile';

interface GroupProfileFormProps {
  group: GroupDto;
  /** Send `group_id`: an admin editing a group other than their own. */
  otherGroup: boolean;
}

const OPTIONAL = ['name_en', 'contact_name', 'contact_phone', 'contact_email', 'address'] as const;

export function GroupProfileForm({ group, otherGroup }: GroupProfileFormProps) {
  const { t } = useTranslation();
  const update = useUpdateGroupProfile();
  const { draft, set, changes, dirty } = useDraft({
    name: group.name,
    name_en: group.name_en ?? '',
    contact_name: group.contact_name ?? '',
    contact_phone: group.contact_phone ?? '',
    contact_email: group.contact_email ?? '',
    address: group.address ?? '',
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body: GroupProfileChanges = otherGroup ? { group_id: group.id } : {};
    if (changes.name !== undefined) body.name = changes.name.trim();
    for (const key of OPTIONAL) {
      const value = changes[key];
      if (value !== undefined) body[key] = orNull(value);
    }
    update.mutate(body);
  };

  const field = (key: keyof typeof draft, type = 'text', autoComplete = 'off') => (
    <Field
      id={`group-${key}`}
      label={t(`profile.group_${key}`)}
      type={type}
      autoComplete={autoComplete}
      required={key === 'name'}
      value={draft[key]}
      onValueChange={(value) => set(key, value)}
    />
  );

  return (
    <form className="form" onSubmit={onSubmit} aria-label={t('profile.group_form')}>
      <p className="muted">
        {t('profile.group_slug')}: <code>{group.slug}</code> ·{' '}
        {t('profile.group_user_count', { count: group.user_count })}
      </p>
      <div className="form-grid">
        {field('name')}
        {field('name_en')}
        {field('contact_name')}
        {field('contact_phone', 'tel')}
        {field('contact_email', 'email')}
        {field('address')}
      </div>
      <ErrorMessage error={update.error} />
      {update.isSuccess && !dirty && (
        <p className="alert alert-success" role="status">
          {t('profile.group_saved')}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button" disabled={!dirty || update.isPending}>
          {t('profile.group_save')}
        </button>
      </div>
    </form>
  );
}
