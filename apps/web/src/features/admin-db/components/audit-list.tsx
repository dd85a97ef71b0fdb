import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyTableRow } from '../../../components/empty-table-row';
import { ErrorMessage } from '../../../components/error-message';
import { Pager } from '../../../components/pager';
import { formatDateTime } from '../../../lib/time';
import { useAdminAudit } from '../api/admin-db-api';

const PAGE_SIZE = 50;
const show = (v: unknown) =>
  v === null || v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v);

/** Edits made through the database view, newest first: who, when, which row, each column before → after. */
export function AuditList({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useTranslation();
  const [offset, setOffset] = useState(0);
  const audit = useAdminAudit(offset, PAGE_SIZE, true);
  const items = audit.data?.items ?? [];
  return (
    <>
      <ErrorMessage error={audit.error} />
      <div className="panel panel-flush" aria-busy={audit.isFetching}>
        <div className="table-wrap" data-scroll-x>
          <table className="table table-dense">
            <caption className="visually-hidden">{t('admin_db.audit')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin_db.audit_time')}</th>
                <th scope="col">{t('admin_db.audit_user')}</th>
                <th scope="col">{t('admin_db.audit_row')}</th>
                <th scope="col">{t('admin_db.audit_changes')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((e) => (
                <tr key={e.id}>
                  <td className="nowrap">
                    <time dateTime={e.at}>{formatDateTime(e.at, timeZone, i18n.language)}</time>
                  </td>
                  <td>{e.username}</td>
                  <td className="nowrap">
                    {e.table_name} <code>{e.row_key}</code>
                  </td>
                  <td>
                    <ul className="adb-changes">
                      {Object.keys(e.after).map((column) => (
                        <li key={column}>
                          <code>{column}</code>: <del>{show(e.before[column])}</del> →{' '}
                          <ins>{show(e.after[column])}</ins>
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
              <EmptyTableRow
                empty={items.length === 0}
                loading={audit.isFetching}
                columns={4}
                emptyText={t('admin_db.audit_empty')}
              />
            </tbody>
          </table>
        </div>
      </div>
      {audit.data && (
        <Pager
          offset={offset}
          limit={PAGE_SIZE}
          total={audit.data.total}
          onOffsetChange={setOffset}
          label={t('admin_db.audit_pages')}
        />
      )}
    </>
  );
}
