import { isSignedKind, WEBHOOK_FORMATS, type WebhookFormat } from '@thunderwatch/shared/notifications';
import { useTranslation } from 'react-i18next';
import { keepsStoredSecret, type RecipientDraft, type RowLabel } from '../model/distribution-draft';

interface SigningOptionsProps {
  /** `recipients/2`: the server's path of the row, to mark the secret it refuses. */
  path: string;
  /** The fieldset's legend and the row's number, to name its controls. */
  label: RowLabel;
  row: RecipientDraft;
  invalid: Set<string>;
  onChange: (patch: Partial<RecipientDraft>) => void;
}

/**
 * A webhook's body format, and the signing secret of a webhook or a DingTalk or Feishu robot. The server
 * never shows a stored secret: the field stays empty and says one is stored; typing replaces it, the
 * checkbox removes it.
 */
export function SigningOptions({ path, label, row, invalid, onChange }: SigningOptionsProps) {
  const { t } = useTranslation();
  const stored = isSignedKind(row.kind) && row.storedSecretUrl === row.value.trim();
  return (
    <div className="distribute-webhook-options">
      {row.kind === 'webhook' ? (
        <select
          aria-label={t('distribute.webhook.format_of', label)}
          value={row.format}
          onChange={(event) => onChange({ format: event.target.value as WebhookFormat })}
        >
          {WEBHOOK_FORMATS.map((format) => (
            <option key={format} value={format}>
              {t(`distribute.webhook.format.${format}`)}
            </option>
          ))}
        </select>
      ) : (
        <span className="distribute-option-note">{t(`distribute.robot.secret_note.${row.kind}`)}</span>
      )}
      <input
        type="password"
        autoComplete="new-password"
        aria-label={t('distribute.webhook.secret_of', label)}
        placeholder={
          keepsStoredSecret(row)
            ? t('distribute.webhook.secret_stored')
            : t(`distribute.webhook.secret_placeholder_${row.kind === 'dingtalk' ? 'dingtalk' : 'other'}`)
        }
        value={row.secret}
        disabled={row.forgetSecret}
        aria-invalid={invalid.has(`${path}/secret`) || undefined}
        onChange={(event) => onChange({ secret: event.target.value })}
      />
      {stored && (
        <label className="checkbox">
          <input
            type="checkbox"
            aria-label={t('distribute.webhook.forget_of', label)}
            checked={row.forgetSecret}
            onChange={(event) => onChange({ forgetSecret: event.target.checked, secret: '' })}
          />
          {t('distribute.webhook.forget')}
        </label>
      )}
    </div>
  );
}
