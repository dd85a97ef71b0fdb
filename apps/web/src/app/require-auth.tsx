import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPath, useHasSession } from '../lib/session';

/** Screens behind a login: without tokens the user goes to /login?next=<where they wanted to go>. */
export function RequireAuth() {
  const hasSession = useHasSession();
  const location = useLocation();
  if (!hasSession) return <Navigate to={loginPath(location)} replace />;
  return <Outlet />;
}
