import type { VerifyPurpose } from '@thunderwatch/shared/schemas/accounts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api-error';
import { useSendVerifyCode } from '../lib/send-verify-code';
import { useCountdown } from '../lib/use-countdown';
import { ErrorMessage } from './error-message';
import { Field } from './field';

interface PhoneCodeFieldsProps {
  idPrefix: string;
  purpose: VerifyPurpose;
  phone: string;
  onPhoneChange: (phone: string) => void;
  code: string;
  onCodeChange: (code: string) => void;
}

/** Phone number, "send code" with its resend countdown, and the code field. */
export function PhoneCodeFields({
  idPrefix,
  purpose,
  phone,
  onPhoneChange,
  code,
  onCodeChange,
}: PhoneCodeFieldsProps) {
  const { t } = useTranslation();
  const send = useSendVerifyCode();
  const countdown = useCountdown();

  const onSend = () => {
    send.mutate(
      { phone: phone.trim(), purpose },
      {
        onSuccess: (answer) => countdown.start(answer.resend_after),
        onError: (error) => {
          // The server already holds a code for this phone: count down what it told us to wait.
          if (isApiError(error) && error.retryAfter) countdown.start(error.retryAfter);
        },
      },
    );
  };

  return (
    <>
      <div className="field-with-action">
        <Field
          id={`${idPrefix}-phone`}
          label={t('phone_code.phone')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          required
          value={phone}
          onValueChange={onPhoneChange}
        />
        <button
          type="button"
          className="button button-secondary"
          onClick={onSend}
          disabled={!phone.trim() || send.isPending || countdown.running}
        >
          {countdown.running
            ? t('phone_code.resend_in', { seconds: countdown.remaining })
            : send.isSuccess
              ? t('phone_code.resend')
              : t('phone_code.send')}
        </button>
      </div>
      {send.isSuccess && (
        <p className="alert alert-info" role="status">
          {t('phone_code.sent')}
        </p>
      )}
      <ErrorMessage error={send.error} />
      <Field
        id={`${idPrefix}-code`}
        label={t('phone_code.code')}
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={6}
        required
        value={code}
        onValueChange={onCodeChange}
      />
    </>
  );
}
