import { isLanguage } from '@thunderwatch/shared/languages';
import type { CurrentUserDto } from '@thunderwatch/shared/schemas/kit';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCompanyInfo } from './api/get-company-info';
import { LanguageSwitch } from './language-switch';
import { UserMenu } from './user-menu';

/** Dark top bar: the company's title for this host (also the tab title), language and user menu. */
export function AppHeader({ user }: { user: CurrentUserDto | undefined }) {
  const { t, i18n } = useTranslation();
  const company = useCompanyInfo();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh-Hans';
  const title = company.data?.title[lang] || t('app.name');

  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <header className="app-header">
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
