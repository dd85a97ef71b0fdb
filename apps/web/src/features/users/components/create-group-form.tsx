import type { GroupDto } from '@thunderwatch/shared/schemas/accounts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { Field } from '../../../components/field';
import { useCreateGroup } from '../api/create-group';

export function CreateGroupForm({ onCreated }: { onCreated: (group: GroupDto) => void }) {
  const { t } = useTranslation();
  const create = useCreateGroup();
  const [slug, setSlug] = useState('');
  const [name, setName] = useState('');
  const [nameEn, setNameEn] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { slug: slug.trim(), name: name.trim(), ...(nameEn.trim() ? { name_en: nameEn.trim() } : {}) },
      {
        onSuccess: (group) => {
          setSlug('');
          setName('');
          setNameEn('');
          onCreated(group);
        },
      },
    );
  };

  return (
    <form className="form subpanel" onSubmit={onSubmit} aria-labelledby="create-group-title">
      <h3 id="create-group-title">{t('profile.create_group')}</h3>
      <div className="form-grid">
        <Field
          id="new-group-slug"
          label={t('profile.group_slug')}
          hint={t('profile.group_slug_hint')}
          required
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
          value={slug}
          onValueChange={setSlug}
        />
        <Field
          id="new-group-name"
          label={t('profile.group_name')}
          required
          value={name}
          onValueChange={setName}
        />
        <Field
          id="new-group-name-en"
          label={t('profile.group_name_en')}
          value={nameEn}
          onValueChange={setNameEn}
        />
      </div>
      <ErrorMessage error={create.error} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={create.isPending}>
          {t('profile.create_group_submit')}
        </button>
      </div>
    </form>
  );
}
