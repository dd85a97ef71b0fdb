import { isLanguage } from '@thunderwatch/shared/languages';
import type { CurrentUserDto } from '@thunderwatch/shared/schemas/kit';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { UnreadBadge } from '../features/notification/components/unread-badge';
import { useCompanyInfo } from './api/get-company-info';
import { LanguageSwitch } from './language-switch';
import { screenKeyOf, tabTitle } from './screens';
import { UserMenu } from './user-menu';

/**
 * Dark top bar: (phones) the menu button, the company's title for this host, language and user menu; the tab's
 * title names the screen, then the host's title.
 */
export interface HeaderMenu {
  open: boolean;
  toggle: () => void;
}

export function AppHeader({ user, menu }: { user: CurrentUserDto | undefined; menu?: HeaderMenu }) {
  const { t, i18n } = useTranslation();
  const company = useCompanyInfo();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh-Hans';
  const title = company.data?.title[lang] || t('app.name');
  const screen = t(`screens.${screenKeyOf(useLocation().pathname)}`);

  useEffect(() => {
    document.title = tabTitle(screen, title);
  }, [screen, title]);

  return (
    <header className="app-header">
      {menu && (
        <button
          type="button"
          className="nav-toggle"
          aria-expanded={menu.open}
          aria-controls="side-nav"
          aria-label={t(menu.open ? 'nav.close' : 'nav.open')}
          onClick={menu.toggle}
        >
          <span className="nav-toggle-bars" aria-hidden="true" />
          <UnreadBadge testId="menu-unread" />
        </button>
      )}
      <Link to="/" className="brand">
        {company.data?.logo ? (
          <img className="brand-logo" src={company.data.logo} alt="" />
        ) : (
          <span className="brand-mark" aria-hidden="true">
            ϟ
          </span>
        )}
        <span className="brand-title">{title}</span>
      </Link>
      <div className="header-tools">
        <LanguageSwitch />
        {user && <UserMenu user={user} />}
      </div>
    </header>
  );
}
