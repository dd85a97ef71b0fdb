import type { Channel } from '@thunderwatch/shared/notifications';
import type { RecipientInput } from '@thunderwatch/shared/schemas/distribution';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error';
import { useSendTestMessage } from '../api/send-test-message';
import type { RowLabel } from '../model/distribution-draft';
import { TEST_CHANNEL } from '../model/test-channel';

interface RecipientTestProps {
  label: RowLabel;
  /** The row as it would be sent; blank rows cannot be tested. */
  recipient: RecipientInput;
  /** The list's channel for this kind of recipient; null when the list has none. */
  channel: Channel | null;
  /** The saved list the row belongs to: a webhook typed without a secret is signed with the stored one. */
  listId?: number;
}

const sameTest = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * "Send test" for one recipient row, and the answer beside it. The answer belongs to what was tested: once
 * the row is changed, it is no longer shown.
 */
export function RecipientTest({ label, recipient, channel, listId }: RecipientTestProps) {
  const { t } = useTranslation();
  const test = useSendTestMessage();
  // Asked to test a kind the list has no channel for: say which channel it needs rather than grey out.
  const [missingAsked, setMissingAsked] = useState(false);
  const input = channel ? { channel, recipient, ...(listId ? { list_id: listId } : {}) } : null;
  const current = input !== null && sameTest(test.variables, input);
  const channelName = channel ? t(`distribute.channel.${channel}`) : '';

  let answer: { text: string; ok: boolean } | null = null;
  if (!channel && missingAsked) {
    const needed = t(`distribute.channel.${TEST_CHANNEL[recipient.kind]}`);
    answer = { text: t('distribute.test.no_channel', { channel: needed }), ok: false };
  } else if (current && test.isPending) answer = { text: t('distribute.test.sending'), ok: true };
  else if (current && test.error) {
    const code = isApiError(test.error) ? test.error.code : 'unknown';
    const details = isApiError(test.error) ? test.error.details.map((d) => d.message).join('; ') : '';
    const text = t('distribute.test.error', { error: t(`errors.${code}`) });
    answer = { text: details ? `${text} ${details}` : text, ok: false };
  } else if (current && test.data) {
    const record = test.data;
    answer =
      record.status === 'sent'
        ? { text: t('distribute.test.sent', { channel: channelName, ms: record.latency_ms ?? 0 }), ok: true }
        : {
            text: t('distribute.test.failed', {
              channel: channelName,
              error: record.last_error ?? record.status,
            }),
            ok: false,
          };
  }

  return (
    <>
      <button
        type="button"
        className="button button-small button-secondary"
        aria-label={t('distribute.test.send_of', label)}
        disabled={!recipient.value || (current && test.isPending)}
        onClick={() => (input ? test.mutate(input) : setMissingAsked(true))}
      >
        {t('distribute.test.send')}
      </button>
      {answer && (
        <p className={`distribute-test-answer ${answer.ok ? 'is-ok' : 'is-failed'}`} role="status">
          {answer.text}
        </p>
      )}
    </>
  );
}
