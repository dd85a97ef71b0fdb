import { useTranslation } from 'react-i18next';

interface PagerProps {
  offset: number;
  limit: number;
  total: number;
  onOffsetChange: (offset: number) => void;
  label: string;
}

export function Pager({ offset, limit, total, onOffsetChange, label }: PagerProps) {
  const { t } = useTranslation();
  const from = total === 0 ? 0 : offset + 1;
  const to = Math.min(offset + limit, total);
  return (
    <nav className="pager" aria-label={label}>
      <span>{t('common.range', { from, to, total })}</span>
      <button
        type="button"
        className="button button-small button-secondary"
        disabled={offset === 0}
        onClick={() => onOffsetChange(Math.max(0, offset - limit))}
      >
        {t('common.previous')}
      </button>
      <button
        type="button"
        className="button button-small button-secondary"
        disabled={offset + limit >= total}
        onClick={() => onOffsetChange(offset + limit)}
      >
        {t('common.next')}
      </button>
    </nav>
  );
}
