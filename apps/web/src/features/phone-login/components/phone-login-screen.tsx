import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { ErrorMessage } from '../../../components/error-message';
import { PhoneCodeFields } from '../../../components/phone-code-fields';
import { safeNextPath, useHasSession } from '../../../lib/session';
import { useLoginWithCode } from '../api/login-with-code';

export function PhoneLoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLoginWithCode();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const next = params.get('next');
  const hasSession = useHasSession();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(
      { phone: phone.trim(), code: code.trim() },
      { onSuccess: () => navigate(safeNextPath(next), { replace: true }) },
    );
  };

  if (hasSession && login.isIdle) return <Navigate to={safeNextPath(next)} replace />;

  return (
    <AuthCard
      title={t('phone_login.title')}
      footer={
        <Link to={next ? `/login?next=${encodeURIComponent(next)}` : '/login'}>
          {t('phone_login.password_login')}
        </Link>
      }
    >
      <form onSubmit={onSubmit} className="form">
        <PhoneCodeFields
          idPrefix="phone-login"
          purpose="login"
          phone={phone}
          onPhoneChange={setPhone}
          code={code}
          onCodeChange={setCode}
        />
        <ErrorMessage error={login.error} />
        <button
          type="submit"
          className="button button-block"
          disabled={login.isPending || !phone.trim() || !code.trim()}
        >
          {login.isPending ? t('login.submitting') : t('phone_login.submit')}
        </button>
      </form>
    </AuthCard>
  );
}
