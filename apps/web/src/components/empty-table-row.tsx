import { useTranslation } from 'react-i18next';

interface EmptyTableRowProps {
  /** Whether the table has no rows. */
  empty: boolean;
  loading: boolean;
  columns: number;
  /** What "no rows" means in this table. */
  emptyText: string;
}

/** The one row of an empty table: "loading" (announced) while its data loads, else what "none" means. */
export function EmptyTableRow({ empty, loading, columns, emptyText }: EmptyTableRowProps) {
  const { t } = useTranslation();
  if (!empty) return null;
  return (
    <tr>
      <td colSpan={columns} className="empty" role={loading ? 'status' : undefined}>
        {loading ? t('common.loading') : emptyText}
      </td>
    </tr>
  );
}
