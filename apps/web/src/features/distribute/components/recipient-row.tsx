import {
  type Channel,
  isSignedKind,
  RECIPIENT_KINDS,
  RECIPIENT_ROLES,
  type RecipientKind,
} from '@thunderwatch/shared/notifications';
import { useTranslation } from 'react-i18next';
import { type RecipientDraft, type RowLabel, recipientInput, withKind } from '../model/distribution-draft';
import { testChannelFor } from '../model/test-channel';
import { RecipientTest } from './recipient-test';
import { SigningOptions } from './signing-options';
import { UserPicker } from './user-picker';

/** The phone keyboard each kind of address wants; URLs for webhooks and robots. */
const INPUT_MODE: Partial<Record<RecipientKind, 'tel' | 'email' | 'text'>> = {
  phone: 'tel',
  email: 'email',
  wechat: 'text',
};

interface RecipientRowProps {
  /** `recipients/2`: the server's path of this row. */
  path: string;
  /** The fieldset's legend and the row's number, to name its controls. */
  label: RowLabel;
  row: RecipientDraft;
  /** The list's channels as chosen in the form, for the test button. */
  channels: Channel[];
  /** The list's group: whose users may be picked. */
  groupId: number;
  listId?: number;
  invalid: Set<string>;
  onChange: (patch: Partial<RecipientDraft>) => void;
  onRemove: () => void;
}

/**
 * Kind and who: a user picked by name, or an address or URL; a webhook's format and a signing secret; a
 * test button with its answer; and remove.
 */
export function RecipientRow({
  path,
  label,
  row,
  channels,
  groupId,
  listId,
  invalid,
  onChange,
  onRemove,
}: RecipientRowProps) {
  const { t } = useTranslation();
  const valueLabel = t('distribute.recipients.value_of', label);
  const valueInvalid = invalid.has(`${path}/value`);
  return (
    <div className="distribute-recipient">
      <select
        aria-label={t('distribute.recipients.kind_of', label)}
        value={row.kind}
        onChange={(event) => onChange(withKind(row, event.target.value as RecipientKind))}
      >
        {RECIPIENT_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {t(`distribute.kind.${kind}`)}
          </option>
        ))}
      </select>
      {row.kind === 'role' ? (
        <select
          aria-label={valueLabel}
          value={row.value}
          aria-invalid={valueInvalid || undefined}
          onChange={(event) => onChange({ value: event.target.value })}
        >
          {RECIPIENT_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`distribute.role.${role}`)}
            </option>
          ))}
        </select>
      ) : row.kind === 'user' ? (
        <UserPicker
          label={valueLabel}
          groupId={groupId}
          value={row.value}
          name={row.name}
          invalid={valueInvalid}
          onPick={onChange}
        />
      ) : (
        <input
          aria-label={valueLabel}
          placeholder={t(`distribute.placeholder.${row.kind}`)}
          value={row.value}
          inputMode={INPUT_MODE[row.kind] ?? 'url'}
          aria-invalid={valueInvalid || undefined}
          onChange={(event) => onChange({ value: event.target.value })}
        />
      )}
      {row.kind !== 'role' && (
        <RecipientTest
          label={label}
          recipient={recipientInput(row)}
          channel={testChannelFor(row.kind, channels)}
          listId={listId}
        />
      )}
      <button
        type="button"
        className="button button-small button-secondary distribute-recipient-remove"
        aria-label={t('distribute.recipients.remove_of', label)}
        onClick={onRemove}
      >
        {t('distribute.recipients.remove')}
      </button>
      {isSignedKind(row.kind) && (
        <SigningOptions path={path} label={label} row={row} invalid={invalid} onChange={onChange} />
      )}
    </div>
  );
}
