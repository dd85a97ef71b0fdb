import type { AccessLogEntry } from '@thunderwatch/shared/schemas/admin';
import { useTranslation } from 'react-i18next';
import { EmptyTableRow } from '../../../components/empty-table-row';
import { formatDateTime } from '../../../lib/time';

function statusClass(status: number): string {
  if (status >= 500) return 'badge badge-danger';
  if (status >= 400) return 'badge badge-warning';
  return 'badge badge-ok';
}

interface AccessLogTableProps {
  items: AccessLogEntry[];
  timeZone: string;
  loading: boolean;
}

export function AccessLogTable({ items, timeZone, loading }: AccessLogTableProps) {
  const { t, i18n } = useTranslation();
  return (
    <div className="table-wrap">
      <table className="table table-dense access-log-table">
        <caption className="visually-hidden">{t('access_log.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('access_log.time')}</th>
            <th scope="col">{t('access_log.user')}</th>
            <th scope="col">{t('access_log.method')}</th>
            <th scope="col">{t('access_log.path')}</th>
            <th scope="col">{t('access_log.status')}</th>
            <th scope="col">{t('access_log.ip')}</th>
            <th scope="col">{t('access_log.user_agent')}</th>
            <th scope="col" className="numeric">
              {t('access_log.duration')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((entry) => (
            <tr key={entry.id}>
              <td className="nowrap log-time">
                <time dateTime={entry.at}>{formatDateTime(entry.at, timeZone, i18n.language)}</time>
              </td>
              <td className="log-user">
                {entry.username ?? <span className="muted">{t('access_log.anonymous')}</span>}
              </td>
              <td className="log-method">
                <code>{entry.method}</code>
              </td>
              <td className="path">
                <code>{entry.path}</code>
              </td>
              <td className="log-status">
                <span className={statusClass(entry.status)}>{entry.status}</span>
              </td>
              <td className="nowrap log-ip">{entry.ip}</td>
              <td className="user-agent" title={entry.user_agent}>
                {entry.user_agent}
              </td>
              <td className="numeric">{t('access_log.duration_ms', { ms: entry.duration_ms })}</td>
            </tr>
          ))}
          <EmptyTableRow
            empty={items.length === 0}
            loading={loading}
            columns={8}
            emptyText={t('access_log.empty')}
          />
        </tbody>
      </table>
    </div>
  );
}
