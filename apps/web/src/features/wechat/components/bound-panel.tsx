import type { WechatBindingStatus } from '@thunderwatch/shared/schemas/wechat';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDateTime } from '../../../lib/time';
import { useDeleteBinding } from '../api/delete-binding';

/** Bound: which account (masked) since when, and unbinding after an in-place question. */
export function BoundPanel({ status }: { status: WechatBindingStatus }) {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const remove = useDeleteBinding();
  const [confirming, setConfirming] = useState(false);

  return (
    <section className="panel wechat-panel" aria-labelledby="wechat-bound">
      <h2 id="wechat-bound">{t('wechat.bound_title')}</h2>
      <dl className="wechat-facts">
        <dt>{t('wechat.account')}</dt>
        <dd>
          <code>{status.openid_masked}</code>
        </dd>
        <dt>{t('wechat.bound_since')}</dt>
        <dd>
          {status.bound_at && (
            <time dateTime={status.bound_at}>
              {formatDateTime(status.bound_at, user.data?.time_zone, i18n.language)}
            </time>
          )}
        </dd>
      </dl>
      {confirming ? (
        <div className="confirm">
          {t('wechat.unbind_confirm')}
          <button
            type="button"
            className="button button-small button-danger"
            disabled={remove.isPending}
            onClick={() => remove.mutate(undefined, { onSettled: () => setConfirming(false) })}
          >
            {t('common.yes')}
          </button>
          <button type="button" className="button button-small" onClick={() => setConfirming(false)}>
            {t('common.no')}
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            remove.reset();
            setConfirming(true);
          }}
        >
          {t('wechat.unbind')}
        </button>
      )}
      <ErrorMessage error={remove.error} />
    </section>
  );
}
