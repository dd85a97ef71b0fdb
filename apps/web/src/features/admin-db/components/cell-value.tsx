import type { AdminDbColumn } from '@thunderwatch/shared/schemas/admin-db';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/time';

const MAX_CHARS = 120;

/** A size in bytes as B, kB or MB (powers of 1000), in the user's language's digits. */
export function byteSize(bytes: number, language: string): string {
  const [n, unit] = bytes >= 1e6 ? [bytes / 1e6, 'MB'] : bytes >= 1e3 ? [bytes / 1e3, 'kB'] : [bytes, 'B'];
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(n)} ${unit}`;
}

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
  if (column.type === 'large' && full)
    return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return !full && text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS)}…` : text;
}

interface CellValueProps {
  column: AdminDbColumn;
  value: unknown;
  timeZone: string;
  full?: boolean;
}

/**
 * A value of the table or the row drawer. A `large` value arrives abbreviated in a table page (the server
 * sends its first characters) and whole in the drawer, where it scrolls; `bytes` is only ever a size.
 */
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
  if (column.type === 'bytes' && typeof value === 'number')
    return <span className="muted">{t('admin_db.bytes', { size: byteSize(value, i18n.language) })}</span>;
  const text = valueText(column, value, timeZone, i18n.language, full);
  if (column.type === 'large')
    return full ? (
      <pre className="adb-large">{text}</pre>
    ) : (
      <code title={t('admin_db.abbreviated_hint')}>{text}</code>
    );
  return column.type === 'json' || column.type === 'array' ? <code>{text}</code> : text;
}
