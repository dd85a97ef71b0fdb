import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { ErrorMessage } from '../../../components/error-message';
import { Field } from '../../../components/field';
import { safeNextPath, useHasSession } from '../../../lib/session';
import { useLogin } from '../api/login';

export function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const notice = (location.state as { notice?: string } | null)?.notice;
  const next = params.get('next');
  const hasSession = useHasSession();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(
      { username: username.trim(), password },
      { onSuccess: () => navigate(safeNextPath(next), { replace: true }) },
    );
  };

  const keepNext = next ? `?next=${encodeURIComponent(next)}` : '';
  // Already signed in (another tab, a bookmark of /login): go on to where the sign-in would have led.
  if (hasSession && login.isIdle) return <Navigate to={safeNextPath(next)} replace />;

  return (
    <AuthCard
      title={t('login.title')}
      footer={
        <>
          <Link to={`/phone_login${keepNext}`}>{t('login.phone_login')}</Link>
          <Link to="/reset_password">{t('login.forgot_password')}</Link>
        </>
      }
    >
      {notice === 'password_reset' && (
        <p className="alert alert-success" role="status">
          {t('login.password_reset_done')}
        </p>
      )}
      <form onSubmit={onSubmit} className="form" noValidate={false}>
        <Field
          id="login-username"
          label={t('login.username')}
          autoComplete="username"
          required
          value={username}
          onValueChange={setUsername}
        />
        <Field
          id="login-password"
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onValueChange={setPassword}
        />
        <ErrorMessage error={login.error} />
        <button type="submit" className="button button-block" disabled={login.isPending}>
          {login.isPending ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
    </AuthCard>
  );
}
