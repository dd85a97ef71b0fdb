import type { Channel } from '@thunderwatch/shared/notifications';
import { useTranslation } from 'react-i18next';
import { newRecipient, type RecipientDraft } from '../model/distribution-draft';
import { RecipientRow } from './recipient-row';

interface RecipientsEditorProps {
  /** `recipients` or `escalate_to`: the server's path, to mark the rows its answer names. */
  field: string;
  legend: string;
  rows: RecipientDraft[];
  /** The list's channels as chosen in the form: each row's test goes through one of them. */
  channels: Channel[];
  /** The list's group: whose users may be picked. */
  groupId: number;
  onChange: (rows: RecipientDraft[]) => void;
  invalid: Set<string>;
  /** The saved list being edited: tests use its stored webhook secrets. */
  listId?: number;
}

/** Recipient rows, added and removed one at a time. */
export function RecipientsEditor({
  field,
  legend,
  rows,
  channels,
  groupId,
  onChange,
  invalid,
  listId,
}: RecipientsEditorProps) {
  const { t } = useTranslation();
  const change = (index: number, patch: Partial<RecipientDraft>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <fieldset className="distribute-recipients">
      <legend>{legend}</legend>
      {rows.map((row, index) => (
        <RecipientRow
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; the index is their identity here
          key={index}
          path={`${field}/${index}`}
          label={{ legend, n: index + 1 }}
          row={row}
          channels={channels}
          groupId={groupId}
          listId={listId}
          invalid={invalid}
          onChange={(patch) => change(index, patch)}
          onRemove={() => onChange(rows.filter((_, i) => i !== index))}
        />
      ))}
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
