import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The 404 text the spec fixes word for word (never reworded): shown in Chinese whatever the interface
 * language. A Chinese reader has it as the headline; any other reader has the headline in their own language
 * first, with the Chinese line under it.
 */
const NOT_FOUND_TEXT_ZH = '您访问的页面不存在，请检查网址是否正确';

export default function NotFoundRoute() {
  const { t, i18n } = useTranslation();
  const chinese = i18n.language.startsWith('zh');
  return (
    <section className="page not-found" aria-labelledby="not-found-title">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      {chinese ? (
        <h1 id="not-found-title" lang="zh-Hans">
          {NOT_FOUND_TEXT_ZH}
        </h1>
      ) : (
        <>
          <h1 id="not-found-title">{t('not_found.message')}</h1>
          <p className="not-found-translation" lang="zh-Hans">
            {NOT_FOUND_TEXT_ZH}
          </p>
        </>
      )}
      <Link className="button" to="/">
        {t('not_found.home')}
      </Link>
    </section>
  );
}
