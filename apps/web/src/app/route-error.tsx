import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Shown when a screen crashes or its chunk fails to load (e.g. after a new release). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error('Screen failed', error);
  return (
    <main className="route-error" role="alert">
      <h1>{t('route_error.title')}</h1>
      <p>{t('route_error.body')}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('route_error.reload')}
      </button>
    </main>
  );
}
