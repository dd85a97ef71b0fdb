import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface GeneratedPasswordNoticeProps {
  username: string;
  password: string;
  onDismiss: () => void;
}

/** The server answers a generated password once; it is shown here until the admin dismisses it. */
export function GeneratedPasswordNotice({ username, password, onDismiss }: GeneratedPasswordNoticeProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      setCopied(true);
    } catch (error) {
      console.error('Copy to clipboard failed', error);
    }
  };
  return (
    <div className="alert alert-warning generated-password" role="alert">
      <p>{t('profile.generated_password', { username })}</p>
      <p>
        <code className="secret">{password}</code>
      </p>
      <p className="muted">{t('profile.generated_password_once')}</p>
      <div className="form-actions">
        <button type="button" className="button button-secondary" onClick={() => void copy()}>
          {copied ? t('common.copied') : t('common.copy')}
        </button>
        <button type="button" className="button" onClick={onDismiss}>
          {t('profile.generated_password_dismiss')}
        </button>
      </div>
    </div>
  );
}
