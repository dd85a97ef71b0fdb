import type { AdminDbColumn } from '@thunderwatch/shared/schemas/admin-db';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/time';

const MAX_CHARS = 120;

/** One stored value as text: times in the user's zone, JSON compact, long text cut (the drawer shows all). */
export function valueText(
  column: AdminDbColumn,
  value: unknown,
  timeZone: string,
  language: string,
  full = false,
) {
  if (column.type === 'timestamp' && typeof value === 'string')
    return formatDateTime(value, timeZone, language);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return !full && text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS)}…` : text;
}

interface CellValueProps {
  column: AdminDbColumn;
  value: unknown;
  timeZone: string;
  full?: boolean;
}

export function CellValue({ column, value, timeZone, full }: CellValueProps) {
  const { t, i18n } = useTranslation();
  if (column.masked) {
    return (
      <span className="adb-masked" title={t('admin_db.masked_hint')}>
        {String(value)}
      </span>
    );
  }
  if (value === null || value === undefined) return <span className="muted">{t('admin_db.null')}</span>;
  const text = valueText(column, value, timeZone, i18n.language, full);
  return column.type === 'json' || column.type === 'array' ? <code>{text}</code> : text;
}
