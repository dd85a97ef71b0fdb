import { readerColumns, readerValue } from '@thunderwatch/domain/analytics/sheet-columns';
import type { SheetCell, SheetInfo } from '@thunderwatch/shared/schemas/sheets';
import { useTranslation } from 'react-i18next';
import { EmptyTableRow } from '../../../components/empty-table-row';
import { formatCell, isNumeric } from '../model/sheet-cells';

interface SheetTableProps {
  sheet: SheetInfo;
  rows: Record<string, SheetCell>[];
  sort: string;
  order: 'asc' | 'desc';
  onSort: (key: string) => void;
  timeZone: string;
  loading: boolean;
}

/**
 * A sheet's rows under its headers in my language, names in my language (`readerColumns`); a header click
 * sorts by it (again: the other way).
 */
export function SheetTable({ sheet, rows, sort, order, onSort, timeZone, loading }: SheetTableProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'zh-Hans' ? 'zh-Hans' : 'en';
  const columns = readerColumns(sheet.columns, language);
  return (
    <div className="table-wrap" data-scroll-x>
      <table className="table table-dense" data-testid="sheet-table">
        <caption className="visually-hidden">{sheet.name[language]}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                className={isNumeric(c.kind) ? 'numeric' : c.kind === 'text' ? 'sheet-text' : undefined}
                aria-sort={c.key === sort ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
              >
                <button type="button" className="sheet-sort" onClick={() => onSort(c.key)}>
                  {c.header[language]}
                  {c.key === sort && <span aria-hidden="true">{order === 'asc' ? ' ▲' : ' ▼'}</span>}
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <EmptyTableRow
            empty={rows.length === 0}
            loading={loading}
            columns={columns.length}
            emptyText={t('data_sheet.empty')}
          />
          {rows.map((row, i) => (
            // Sheets have no row id of their own; a page's rows keep their order until the page changes.
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are replaced as a whole, never reordered in place
            <tr key={i}>
              {columns.map((c) => (
                <td key={c.key} className={isNumeric(c.kind) ? 'numeric' : undefined}>
                  {formatCell(readerValue(row, c), c.kind, timeZone, language)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
