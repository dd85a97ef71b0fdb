import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { ErrorMessage } from '../../../components/error-message';
import { NewPasswordFields, useNewPassword } from '../../../components/new-password-fields';
import { PhoneCodeFields } from '../../../components/phone-code-fields';
import { useResetPassword } from '../api/reset-password';

export function ResetPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const newPassword = useNewPassword();
  const [checked, setChecked] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (newPassword.problem || newPassword.mismatch) return;
    reset.mutate(
      { phone: phone.trim(), code: code.trim(), password: newPassword.password },
      { onSuccess: () => navigate('/login', { replace: true, state: { notice: 'password_reset' } }) },
    );
  };

  return (
    <AuthCard
      title={t('reset_password.title')}
      footer={<Link to="/login">{t('reset_password.back_to_login')}</Link>}
    >
      <p className="muted">{t('reset_password.intro')}</p>
      <form onSubmit={onSubmit} className="form">
        <PhoneCodeFields
          idPrefix="reset-password"
          purpose="reset_password"
          phone={phone}
          onPhoneChange={setPhone}
          code={code}
          onCodeChange={setCode}
        />
        <NewPasswordFields
          idPrefix="reset-password"
          labels={{
            password: t('reset_password.new_password'),
            confirm: t('reset_password.confirm_password'),
          }}
          state={newPassword}
          checked={checked}
        />
        <ErrorMessage error={reset.error} />
        <button type="submit" className="button button-block" disabled={reset.isPending}>
          {t('reset_password.submit')}
        </button>
      </form>
    </AuthCard>
  );
}
