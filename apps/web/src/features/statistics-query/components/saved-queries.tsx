import type { StrokeQuerySpec } from '@thunderwatch/shared/schemas/stroke-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { useDeleteSavedQuery, useSavedQueries, useSaveQuery } from '../api/queries';

interface SavedQueriesProps {
  /** The query the form holds now (null while the form has a problem). */
  current: StrokeQuerySpec | null;
  onLoad: (spec: StrokeQuerySpec) => void;
}

/** My saved queries: save the form's under a name, load one back into the form, delete one. */
export function SavedQueries({ current, onLoad }: SavedQueriesProps) {
  const { t } = useTranslation();
  const saved = useSavedQueries();
  const save = useSaveQuery();
  const remove = useDeleteSavedQuery();
  const [name, setName] = useState('');
  return (
    <section className="sq-saved" aria-labelledby="sq-saved-title">
      <h2 id="sq-saved-title">{t('statistics_query.saved')}</h2>
      <form
        className="sq-row"
        onSubmit={(e) => {
          e.preventDefault();
          if (current && name.trim())
            save.mutate({ name: name.trim(), spec: current }, { onSuccess: () => setName('') });
        }}
      >
        <label>
          <span>{t('statistics_query.save_name')}</span>
          <input value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </label>
        <button
          type="submit"
          className="button button-small"
          disabled={!current || !name.trim() || save.isPending}
        >
          {t('statistics_query.save')}
        </button>
      </form>
      <ErrorMessage error={save.error ?? remove.error ?? saved.error} />
      <ul className="sq-saved-list">
        {saved.data?.items.map((s) => (
          <li key={s.id}>
            <button type="button" className="sq-load" onClick={() => onLoad(s.spec)}>
              {s.name}
            </button>
            <button
              type="button"
              className="button button-small button-secondary"
              onClick={() => remove.mutate(s.id)}
              aria-label={t('statistics_query.delete_saved', { name: s.name })}
            >
              {t('statistics_query.delete')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
