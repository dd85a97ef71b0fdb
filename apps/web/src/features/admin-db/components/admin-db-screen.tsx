import type { AdminDbTableInfo } from '@thunderwatch/shared/schemas/admin-db';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { can, useCurrentUser } from '../../../lib/current-user';
import { DEFAULT_TIME_ZONE } from '../../../lib/time';
import { useAdminTables } from '../api/admin-db-api';
import { AuditList } from './audit-list';
import { TableBrowser } from './table-browser';
import '../admin-db.css';

function RowCount({ info }: { info: AdminDbTableInfo }) {
  const { t, i18n } = useTranslation();
  if (info.rows === null) return <span className="muted">{t('admin_db.rows_unknown')}</span>;
  const n = info.rows.toLocaleString(i18n.language);
  return <>{info.rows_estimated ? t('admin_db.rows_estimate', { n }) : n}</>;
}

/** The administrator's table browser over the allow-listed tables, with the audit of its edits. */
export function AdminDbScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const allowed = can(user.data, 'admin.db');
  const tables = useAdminTables(allowed);
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'audit' ? 'audit' : 'tables';
  const selected = tables.data?.tables.find((x) => x.name === params.get('table'));
  const timeZone = user.data?.time_zone ?? DEFAULT_TIME_ZONE;
  const writeEnabled = tables.data?.write_enabled ?? false;

  if (user.data && !allowed) {
    return (
      <Page title={t('admin_db.title')}>
        <p className="alert alert-error" role="alert">
          {t('errors.permission.denied')}
        </p>
      </Page>
    );
  }

  const open = (next: { view?: string; table?: string }) => setParams(next as Record<string, string>);

  return (
    <Page
      title={t('admin_db.title')}
      intro={t(writeEnabled ? 'admin_db.intro_write' : 'admin_db.intro_read')}
    >
      <nav className="adb-tabs" aria-label={t('admin_db.views')}>
        <button
          type="button"
          className="button button-secondary"
          aria-pressed={view === 'tables'}
          onClick={() => open({})}
        >
          {t('admin_db.tables')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          aria-pressed={view === 'audit'}
          onClick={() => open({ view: 'audit' })}
        >
          {t('admin_db.audit')}
        </button>
      </nav>
      <ErrorMessage error={tables.error ?? user.error} />
      {view === 'audit' && <AuditList timeZone={timeZone} />}
      {view === 'tables' && tables.data && (
        <>
          <div className="field adb-table-pick">
            <label htmlFor="adb-table">{t('admin_db.table')}</label>
            <select
              id="adb-table"
              value={selected?.name ?? ''}
              onChange={(e) => open(e.target.value ? { table: e.target.value } : {})}
            >
              <option value="">{t('admin_db.all_tables')}</option>
              {tables.data.tables.map((x) => (
                <option key={x.name} value={x.name}>
                  {x.name}
                </option>
              ))}
            </select>
          </div>
          {selected ? (
            <TableBrowser
              key={selected.name}
              info={selected}
              writeEnabled={writeEnabled}
              timeZone={timeZone}
            />
          ) : (
            <div className="panel panel-flush">
              <div className="table-wrap" data-scroll-x>
                <table className="table table-dense">
                  <caption className="visually-hidden">{t('admin_db.tables')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('admin_db.table')}</th>
                      <th scope="col" className="numeric">
                        {t('admin_db.rows')}
                      </th>
                      <th scope="col" className="numeric">
                        {t('admin_db.columns')}
                      </th>
                      <th scope="col">{t('admin_db.masked_columns')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {tables.data.tables.map((x) => (
                      <tr key={x.name}>
                        <td>
                          <button
                            type="button"
                            className="link-button"
                            onClick={() => open({ table: x.name })}
                          >
                            {x.name}
                          </button>
                        </td>
                        <td className="numeric">
                          <RowCount info={x} />
                        </td>
                        <td className="numeric">{x.columns.length}</td>
                        <td>
                          {x.columns
                            .filter((c) => c.masked)
                            .map((c) => (
                              <code key={c.name} className="adb-masked-name">
                                {c.name}
                              </code>
                            ))}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          )}
        </>
      )}
    </Page>
  );
}
