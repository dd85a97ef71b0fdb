import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { ErrorMessage } from '../../../components/error-message';
import { Field } from '../../../components/field';
import { PhoneCodeFields } from '../../../components/phone-code-fields';
import { passwordProblemKey } from '../../../lib/password';
import { useResetPassword } from '../api/reset-password';

export function ResetPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [checked, setChecked] = useState(false);

  const problem = passwordProblemKey(password);
  const mismatch = confirm !== password;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (problem || mismatch) return;
    reset.mutate(
      { phone: phone.trim(), code: code.trim(), password },
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
        <Field
          id="reset-password-new"
          label={t('reset_password.new_password')}
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onValueChange={setPassword}
          hint={t('password.rule')}
          error={checked && problem ? t(problem) : null}
        />
        <Field
          id="reset-password-confirm"
          label={t('reset_password.confirm_password')}
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          onValueChange={setConfirm}
          error={checked && mismatch ? t('password.mismatch') : null}
        />
        <ErrorMessage error={reset.error} />
        <button type="submit" className="button button-block" disabled={reset.isPending}>
          {t('reset_password.submit')}
        </button>
      </form>
    </AuthCard>
  );
}
