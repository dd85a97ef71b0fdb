import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { apiClient } from '../lib/api-client';
import { useCurrentUser } from '../lib/current-user';
import { isPublicPath, loginPath, useHasSession } from '../lib/session';
import { mapConfigQuery } from '../map/map-config';
import { AppHeader } from './app-header';
import { SideNav } from './side-nav';

/**
 * Header, navigation and the current screen; turns a lost session into a trip to /login. On a phone the
 * navigation is a drawer the header's menu button opens; a new screen, Escape or the backdrop closes it.
 */
export function AppShell() {
  const { t } = useTranslation();
  const hasSession = useHasSession();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const queryClient = useQueryClient();
  const onPublicPage = isPublicPath(location.pathname);
  const user = useCurrentUser(hasSession);
  const locationRef = useRef(location);
  locationRef.current = location;

  useEffect(
    () =>
      apiClient.onUnauthenticated(() => {
        queryClient.clear();
        const current = locationRef.current;
        if (!isPublicPath(current.pathname)) navigate(loginPath(current), { replace: true });
      }),
    [navigate, queryClient],
  );

  // Every map waits for the basemap setting before it draws its basemap: ask for it with the user, so the
  // first map to open has it (it waited a round trip behind its own mount).
  useEffect(() => {
    if (hasSession && !onPublicPage) void queryClient.prefetchQuery(mapConfigQuery);
  }, [hasSession, onPublicPage, queryClient]);

  const showNav = hasSession && !onPublicPage && user.data !== undefined;
  const [navOpen, setNavOpen] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new screen closes the phone's menu
  useEffect(() => setNavOpen(false), [location.pathname]);
  useEffect(() => {
    if (!navOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setNavOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navOpen]);

  return (
    <div className={showNav ? `shell shell-with-nav${navOpen ? ' nav-open' : ''}` : 'shell'}>
      <a className="skip-link" href="#main">
        {t('header.skip_to_content')}
      </a>
      <AppHeader
        user={hasSession ? user.data : undefined}
        menu={showNav ? { open: navOpen, toggle: () => setNavOpen((open) => !open) } : undefined}
      />
      {navigation.state === 'loading' && <div className="route-progress" aria-hidden="true" />}
      {showNav && <SideNav user={user.data} />}
      {showNav && navOpen && (
        <button
          type="button"
          className="nav-backdrop"
          aria-label={t('nav.close')}
          onClick={() => setNavOpen(false)}
        />
      )}
      <main id="main" className={onPublicPage ? 'main main-public' : 'main'} tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
