import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPath, useHasSession, wasSignedOutOnPurpose } from '../lib/session';

/**
 * Screens behind a login: without tokens the user goes to /login?next=<where they wanted to go>,
 * except right after signing out, when there is nothing to come back to.
 */
export function RequireAuth() {
  const hasSession = useHasSession();
  const location = useLocation();
  if (!hasSession) return <Navigate to={wasSignedOutOnPurpose() ? '/login' : loginPath(location)} replace />;
  return <Outlet />;
}
