import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The 404 text, fixed word for word (never reworded); shown in Chinese whatever the interface language. */
const NOT_FOUND_TEXT_ZH = '您访问的页面不存在，请检查网址是否正确';

export default function NotFoundRoute() {
  const { t, i18n } = useTranslation();
  return (
    <section className="page not-found" aria-labelledby="not-found-title">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" lang="zh-Hans">
        {NOT_FOUND_TEXT_ZH}
      </h1>
      {i18n.language !== 'zh-Hans' && <p className="not-found-translation">{t('not_found.message')}</p>}
      <Link className="button" to="/">
        {t('not_found.home')}
      </Link>
    </section>
  );
}
