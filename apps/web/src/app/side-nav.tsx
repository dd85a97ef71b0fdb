import type { CurrentUserDto } from '@thunderwatch/shared/schemas/kit';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { UnreadBadge } from '../features/notification/components/unread-badge';
import { can } from '../lib/current-user';
import { NAV_SCREENS, NAV_SECTIONS } from './screens';

export function SideNav({ user }: { user: CurrentUserDto | undefined }) {
  const { t } = useTranslation();
  const visible = NAV_SCREENS.filter((screen) => !screen.permission || can(user, screen.permission));
  return (
    <nav id="side-nav" className="side-nav" aria-label={t('nav.label')}>
      {NAV_SECTIONS.map((section) => (
        <div key={section} className="nav-section">
          <h2 className="nav-section-title">{t(`nav.${section}`)}</h2>
          <ul>
            {visible
              .filter((screen) => screen.section === section)
              .map((screen) => (
                <li key={screen.path}>
                  <NavLink to={screen.path} end={screen.path === '/'}>
                    {t(`screens.${screen.key}`)}
                    {screen.key === 'notification' && <UnreadBadge />}
                  </NavLink>
                </li>
              ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
