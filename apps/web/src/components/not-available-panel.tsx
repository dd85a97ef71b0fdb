import { useTranslation } from 'react-i18next';

interface NotAvailablePanelProps {
  /** The screen's key under `screens.` (its route name, e.g. `realtimealert`). */
  screen: string;
}

/** Stands in for a screen that a later release builds; it deliberately shows no data at all. */
export function NotAvailablePanel({ screen }: NotAvailablePanelProps) {
  const { t } = useTranslation();
  const name = t(`screens.${screen}`);
  return (
    <section className="page" aria-labelledby="not-available-title">
      <h1 id="not-available-title">{name}</h1>
      <div className="panel not-available" role="status">
        <span className="badge badge-muted">{t('not_available.badge')}</span>
        <h2>{t('not_available.title', { screen: name })}</h2>
        <p>{t('not_available.body')}</p>
      </div>
    </section>
  );
}
