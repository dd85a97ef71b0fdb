import type { ChecklistItem, WarningLevelName } from '@thunderwatch/shared/schemas/decision';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { Field } from '../../../components/field';
import { useEditChecklist } from '../api/edit-checklist';

interface ChecklistEditorProps {
  level: WarningLevelName;
  items: readonly ChecklistItem[];
}

/** For checklist.manage holders: remove a level's items, or add one in both languages. */
export function ChecklistEditor({ level, items }: ChecklistEditorProps) {
  const { t, i18n } = useTranslation();
  const edit = useEditChecklist();
  const [zh, setZh] = useState('');
  const [en, setEn] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    edit.create.mutate(
      { level, text_zh: zh, text_en: en },
      {
        onSuccess: () => {
          setZh('');
          setEn('');
        },
      },
    );
  };
  return (
    <div className="decision-editor">
      <ul className="decision-editor-items">
        {items.map((item) => (
          <li key={item.id}>
            <span>{i18n.language === 'zh-Hans' ? item.text_zh : item.text_en}</span>
            <button
              type="button"
              className="button button-small button-danger"
              disabled={edit.remove.isPending}
              onClick={() => edit.remove.mutate(item.id)}
              aria-label={t('decision.checklist.remove', {
                text: i18n.language === 'zh-Hans' ? item.text_zh : item.text_en,
              })}
            >
              {t('decision.checklist.remove_short')}
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={submit}>
        <Field
          id="decision-new-zh"
          label={t('decision.checklist.text_zh')}
          value={zh}
          onValueChange={setZh}
          maxLength={200}
          required
        />
        <Field
          id="decision-new-en"
          label={t('decision.checklist.text_en')}
          value={en}
          onValueChange={setEn}
          maxLength={200}
          required
        />
        <button type="submit" className="button button-small" disabled={edit.create.isPending}>
          {t('decision.checklist.add', { level: t(`decision.level.${level}`) })}
        </button>
      </form>
      <ErrorMessage error={edit.create.error ?? edit.remove.error} />
    </div>
  );
}
