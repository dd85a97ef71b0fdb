import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { useWechatBinding } from '../api/get-binding';
import { BindPanel } from './bind-panel';
import { BoundPanel } from './bound-panel';
import '../wechat.css';

/** While a code waits to be scanned, the binding is asked for this often, so the screen turns when it lands. */
const POLL_MS = 3000;

/** My WeChat binding: bind by scanning a one-time QR code (or sending its text code), see it, remove it. */
export function WechatScreen() {
  const { t } = useTranslation();
  const [waiting, setWaiting] = useState(false);
  const binding = useWechatBinding(waiting ? POLL_MS : false);
  const status = binding.data;

  return (
    <Page title={t('screens.wechat')} intro={t('wechat.intro')} narrow>
      {binding.isPending && <p role="status">{t('common.loading')}</p>}
      <ErrorMessage error={binding.error} />
      {status && !status.configured && (
        <div className="alert alert-warning" role="status">
          <p>{t('wechat.not_configured')}</p>
        </div>
      )}
      {status?.bound && <BoundPanel status={status} />}
      {status && !status.bound && status.configured && <BindPanel onWaitingChange={setWaiting} />}
    </Page>
  );
}
