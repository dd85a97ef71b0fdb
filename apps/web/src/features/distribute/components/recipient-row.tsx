import { type Channel, RECIPIENT_KINDS, type RecipientKind } from '@thunderwatch/shared/notifications';
import { useTranslation } from 'react-i18next';
import { type RecipientDraft, type RowLabel, recipientInput } from '../model/distribution-draft';
import { testChannelFor } from '../model/test-channel';
import { RecipientTest } from './recipient-test';
import { WebhookOptions } from './webhook-options';

interface RecipientRowProps {
  /** `recipients/2`: the server's path of this row. */
  path: string;
  /** The fieldset's legend and the row's number, to name its controls. */
  label: RowLabel;
  row: RecipientDraft;
  /** The list's channels as chosen in the form, for the test button. */
  channels: Channel[];
  listId?: number;
  invalid: Set<string>;
  onChange: (patch: Partial<RecipientDraft>) => void;
  onRemove: () => void;
}

/** Kind and address, a webhook's format and secret, a test button with its answer, and remove. */
export function RecipientRow({
  path,
  label,
  row,
  channels,
  listId,
  invalid,
  onChange,
  onRemove,
}: RecipientRowProps) {
  const { t } = useTranslation();
  return (
    <div className="distribute-recipient">
      <select
        aria-label={t('distribute.recipients.kind_of', label)}
        value={row.kind}
        onChange={(event) => onChange({ kind: event.target.value as RecipientKind })}
      >
        {RECIPIENT_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {t(`distribute.kind.${kind}`)}
          </option>
        ))}
      </select>
      <input
        aria-label={t('distribute.recipients.value_of', label)}
        placeholder={t(`distribute.placeholder.${row.kind}`)}
        value={row.value}
        aria-invalid={invalid.has(`${path}/value`) || undefined}
        onChange={(event) => onChange({ value: event.target.value })}
      />
      <RecipientTest
        label={label}
        recipient={recipientInput(row)}
        channel={testChannelFor(row.kind, channels)}
        listId={listId}
      />
      <button
        type="button"
        className="button button-small button-secondary distribute-recipient-remove"
        aria-label={t('distribute.recipients.remove_of', label)}
        onClick={onRemove}
      >
        {t('distribute.recipients.remove')}
      </button>
      {row.kind === 'webhook' && (
        <WebhookOptions path={path} label={label} row={row} invalid={invalid} onChange={onChange} />
      )}
    </div>
  );
}
