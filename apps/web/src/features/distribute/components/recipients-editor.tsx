import { RECIPIENT_KINDS, type RecipientKind } from '@thunderwatch/shared/notifications';
import { useTranslation } from 'react-i18next';
import { newRecipient, type RecipientDraft } from '../model/distribution-draft';

interface RecipientsEditorProps {
  /** `recipients` or `escalate_to`: the server's path, to mark the rows its answer names. */
  field: string;
  legend: string;
  rows: RecipientDraft[];
  onChange: (rows: RecipientDraft[]) => void;
  invalid: Set<string>;
}

/** Rows of kind and value, added and removed one at a time. */
export function RecipientsEditor({ field, legend, rows, onChange, invalid }: RecipientsEditorProps) {
  const { t } = useTranslation();
  const change = (index: number, patch: Partial<RecipientDraft>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <fieldset className="distribute-recipients">
      <legend>{legend}</legend>
      {rows.map((row, index) => {
        const n = index + 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; the index is their identity here
          <div className="distribute-recipient" key={index}>
            <select
              aria-label={t('distribute.recipients.kind_of', { legend, n })}
              value={row.kind}
              onChange={(event) => change(index, { kind: event.target.value as RecipientKind })}
            >
              {RECIPIENT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`distribute.kind.${kind}`)}
                </option>
              ))}
            </select>
            <input
              aria-label={t('distribute.recipients.value_of', { legend, n })}
              placeholder={t(`distribute.placeholder.${row.kind}`)}
              value={row.value}
              aria-invalid={invalid.has(`${field}/${index}/value`) || undefined}
              onChange={(event) => change(index, { value: event.target.value })}
            />
            <button
              type="button"
              className="button button-small button-secondary"
              aria-label={t('distribute.recipients.remove_of', { legend, n })}
              onClick={() => onChange(rows.filter((_, i) => i !== index))}
            >
              {t('distribute.recipients.remove')}
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className="button button-small button-secondary"
        onClick={() => onChange([...rows, newRecipient()])}
      >
        {t('distribute.recipients.add', { legend })}
      </button>
    </fieldset>
  );
}
