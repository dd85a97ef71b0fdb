import type { AdminDbTableInfo } from '@thunderwatch/shared/schemas/admin-db';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyTableRow } from '../../../components/empty-table-row';
import { ErrorMessage } from '../../../components/error-message';
import { type TablePageQuery, useAdminTablePage } from '../api/admin-db-api';
import { CellValue } from './cell-value';
import { RowDrawer } from './row-drawer';
import { NO_FILTER, type RowFilter, TableFilterForm } from './table-filter-form';

const PAGE_SIZE = 50;

function toQuery(table: string, offset: number, sort: Sort | null, f: RowFilter): TablePageQuery {
  const filter = !f.column
    ? {}
    : f.op === 'range'
      ? { column: f.column, op: f.op, from: f.from || undefined, to: f.to || undefined }
      : { column: f.column, op: f.op, value: f.value };
  return { table, limit: PAGE_SIZE, offset, ...(sort ?? {}), ...filter };
}

interface Sort {
  sort: string;
  order: 'asc' | 'desc';
}

interface TableBrowserProps {
  info: AdminDbTableInfo;
  writeEnabled: boolean;
  timeZone: string;
}

/** One table's rows: a page at a time, sorted by a header, filtered by a column; a row opens the drawer. */
export function TableBrowser({ info, writeEnabled, timeZone }: TableBrowserProps) {
  const { t } = useTranslation();
  const [offset, setOffset] = useState(0);
  const [sort, setSort] = useState<Sort | null>(null);
  const [filter, setFilter] = useState<RowFilter>(NO_FILTER);
  const [open, setOpen] = useState<string | null>(null);
  const page = useAdminTablePage(toQuery(info.name, offset, sort, filter));
  const columns = info.columns;
  const rows = page.data?.items ?? [];

  const toggleSort = (name: string) => {
    setOffset(0);
    setSort(
      sort?.sort === name && sort.order === 'asc'
        ? { sort: name, order: 'desc' }
        : { sort: name, order: 'asc' },
    );
  };
  const total = page.data?.total;
  const shown =
    rows.length === 0
      ? t('admin_db.no_rows')
      : t('admin_db.range', { from: offset + 1, to: offset + rows.length });

  return (
    <div className="adb-browser">
      <TableFilterForm
        key={info.name}
        columns={columns}
        filter={filter}
        onApply={(f) => {
          setOffset(0);
          setFilter(f);
        }}
      />
      <ErrorMessage error={page.error} />
      <div className="panel panel-flush" aria-busy={page.isFetching}>
        <div className="table-wrap" data-scroll-x>
          <table className="table table-dense adb-rows">
            <caption className="visually-hidden">{info.name}</caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th
                    key={c.name}
                    scope="col"
                    aria-sort={
                      sort?.sort === c.name ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined
                    }
                  >
                    {c.queryable ? (
                      <button type="button" className="adb-sort" onClick={() => toggleSort(c.name)}>
                        {c.name}
                        <span aria-hidden="true">
                          {sort?.sort === c.name ? (sort.order === 'asc' ? ' ▲' : ' ▼') : ''}
                        </span>
                      </button>
                    ) : (
                      c.name
                    )}
                    {c.masked && (
                      <span className="badge badge-muted badge-after">{t('admin_db.masked')}</span>
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => {
                const key = info.key ? String(row[info.key]) : null;
                return (
                  <tr
                    key={key ?? i}
                    className={key ? 'adb-clickable' : undefined}
                    onClick={key ? () => setOpen(key) : undefined}
                  >
                    {columns.map((c, j) => (
                      <td key={c.name}>
                        {j === 0 && key ? (
                          <button type="button" className="link-button" onClick={() => setOpen(key)}>
                            <CellValue column={c} value={row[c.name]} timeZone={timeZone} />
                          </button>
                        ) : (
                          <CellValue column={c} value={row[c.name]} timeZone={timeZone} />
                        )}
                      </td>
                    ))}
                  </tr>
                );
              })}
              <EmptyTableRow
                empty={rows.length === 0}
                loading={page.isFetching}
                columns={columns.length}
                emptyText={t('admin_db.empty')}
              />
            </tbody>
          </table>
        </div>
      </div>
      <nav className="pager" aria-label={t('admin_db.pages')}>
        <span>
          {shown}
          {total !== null && total !== undefined ? ` ${t('admin_db.of_total', { total })}` : ''}
        </span>
        <button
          type="button"
          className="button button-small button-secondary"
          disabled={offset === 0}
          onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
        >
          {t('common.previous')}
        </button>
        <button
          type="button"
          className="button button-small button-secondary"
          disabled={!page.data?.has_more}
          onClick={() => setOffset(offset + PAGE_SIZE)}
        >
          {t('common.next')}
        </button>
      </nav>
      {open !== null && (
        <RowDrawer
          table={info.name}
          rowKey={open}
          writeEnabled={writeEnabled}
          timeZone={timeZone}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}
