import type { WechatBindingCode } from '@thunderwatch/shared/schemas/wechat';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { useCountdown } from '../../../lib/use-countdown';
import { useCreateBindingCode } from '../api/create-binding-code';

const mmss = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

interface BindPanelProps {
  /** True while a live code waits to be scanned (the screen polls the binding meanwhile). */
  onWaitingChange: (waiting: boolean) => void;
}

/** Not bound yet: get a one-time code, shown as a QR code to scan and as text to send, until it expires. */
export function BindPanel({ onWaitingChange }: BindPanelProps) {
  const { t } = useTranslation();
  const create = useCreateBindingCode();
  const countdown = useCountdown();
  const [code, setCode] = useState<WechatBindingCode | null>(null);
  const live = code !== null && countdown.running;

  useEffect(() => onWaitingChange(live), [live, onWaitingChange]);
  useEffect(() => () => onWaitingChange(false), [onWaitingChange]);

  const getCode = () =>
    create.mutate(undefined, {
      onSuccess: (fresh) => {
        setCode(fresh);
        countdown.start(fresh.expires_in);
      },
    });

  return (
    <section className="panel wechat-panel" aria-labelledby="wechat-unbound">
      <h2 id="wechat-unbound">{t('wechat.unbound_title')}</h2>
      {live ? (
        <div className="wechat-code">
          <QRCodeSVG
            value={code.qr_url}
            size={208}
            marginSize={2}
            title={t('wechat.qr_label')}
            role="img"
            aria-label={t('wechat.qr_label')}
          />
          <div className="wechat-code-text">
            <p>{t('wechat.scan')}</p>
            <p className="wechat-countdown" role="timer">
              {t('wechat.expires_in', { time: mmss(countdown.remaining) })}
            </p>
            <p className="muted">{t('wechat.code_hint')}</p>
            <p>
              <code className="wechat-typed-code">{code.binding_code}</code>
            </p>
            <p className="muted" role="status">
              {t('wechat.waiting')}
            </p>
          </div>
        </div>
      ) : (
        <>
          {code && (
            <p className="muted" role="status">
              {t('wechat.expired')}
            </p>
          )}
          <button type="button" className="button" disabled={create.isPending} onClick={getCode}>
            {code ? t('wechat.new_code') : t('wechat.bind')}
          </button>
        </>
      )}
      <ErrorMessage error={create.error} />
    </section>
  );
}
