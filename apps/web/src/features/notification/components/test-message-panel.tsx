import type { Channel } from '@thunderwatch/shared/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { useCurrentUser } from '../../../lib/current-user';
import { useSendTestMessage } from '../api/send-test-message';

/** The channels that can reach a user (a webhook is an address of its own, not a user's). */
const USER_CHANNELS: readonly Channel[] = ['inapp', 'email', 'sms', 'wechat'];

/** Sends me a test message through one channel now and says how it went. */
export function TestMessagePanel() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [channel, setChannel] = useState<Channel>('inapp');
  const test = useSendTestMessage();
  const record = test.data;

  return (
    <form
      className="panel form test-message"
      onSubmit={(event) => {
        event.preventDefault();
        if (user.data) test.mutate({ channel, userId: user.data.id });
      }}
    >
      <p className="page-intro">{t('notification.test.intro')}</p>
      <div className="field">
        <label htmlFor="test-channel">{t('notification.test.channel')}</label>
        <select
          id="test-channel"
          value={channel}
          onChange={(event) => {
            setChannel(event.target.value as Channel);
            test.reset();
          }}
        >
          {USER_CHANNELS.map((c) => (
            <option key={c} value={c}>
              {t(`notification.channel.${c}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={!user.data || test.isPending}>
          {test.isPending ? t('notification.test.sending') : t('notification.test.send')}
        </button>
      </div>
      <ErrorMessage error={test.error} />
      {record && (
        <p
          className={record.status === 'failed' ? 'alert alert-error' : 'alert alert-success'}
          role="status"
          data-testid="test-result"
        >
          {record.status === 'failed'
            ? t('notification.test.failed', {
                channel: t(`notification.channel.${record.channel}`),
                error: record.last_error ?? '',
              })
            : t('notification.test.result', {
                channel: t(`notification.channel.${record.channel}`),
                status: t(`notification.status.${record.status}`),
                ms: record.latency_ms ?? 0,
              })}
        </p>
      )}
    </form>
  );
}
