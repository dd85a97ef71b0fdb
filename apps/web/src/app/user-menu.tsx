import type { CurrentUserDto } from '@thunderwatch/shared/schemas/kit';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLogout } from './api/logout';

export function UserMenu({ user }: { user: CurrentUserDto }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const logout = useLogout();

  // Close on navigation, outside clicks and Escape.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the point of reacting to the path
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="user-menu" ref={container}>
      <button
        type="button"
        className="user-menu-button"
        aria-label={`${user.name || user.username} · ${t(`roles.${user.role}`)}`}
        aria-expanded={open}
        aria-controls="user-menu-list"
        onClick={() => setOpen((value) => !value)}
      >
        <span className="user-name">{user.name || user.username}</span>
        <span className="user-role">{t(`roles.${user.role}`)}</span>
        {/* A phone shows the first letter only: the whole name heads the open menu. */}
        <span className="user-initial" aria-hidden="true">
          {Array.from(user.name || user.username)[0]?.toUpperCase()}
        </span>
      </button>
      {open && (
        <ul id="user-menu-list" className="user-menu-list">
          <li className="user-menu-who">
            <span className="user-menu-who-name">{user.name || user.username}</span>
            <span className="user-menu-who-role">{t(`roles.${user.role}`)}</span>
          </li>
          <li>
            <Link to="/profile">{t('header.profile')}</Link>
          </li>
          <li>
            <Link to="/change_password">{t('header.change_password')}</Link>
          </li>
          <li>
            <button type="button" onClick={() => logout.mutate()} disabled={logout.isPending}>
              {t('header.logout')}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
