import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { Pager } from '../../../components/pager';
import { todayIn } from '../../../lib/calendar-dates';
import { can, useCurrentUser } from '../../../lib/current-user';
import { saveBlob } from '../../../lib/download';
import { DEFAULT_TIME_ZONE, zonedLocalToIso } from '../../../lib/time';
import { useExportAccessLog } from '../api/export-access-log';
import { type AccessLogQuery, useAccessLog } from '../api/get-access-log';
import { type AccessLogFilters, useAccessLogFilters } from '../hooks/use-access-log-filters';
import { AccessLogFiltersForm } from './access-log-filters-form';
import { AccessLogTable } from './access-log-table';
import '../access-log.css';

const PAGE_SIZE = 50;

function toQuery(filters: AccessLogFilters, timeZone: string): Omit<AccessLogQuery, 'limit' | 'offset'> {
  const status = Number(filters.status);
  return {
    username: filters.username || undefined,
    path: filters.path || undefined,
    method: filters.method || undefined,
    status: filters.status && Number.isInteger(status) ? status : undefined,
    from: zonedLocalToIso(filters.from, timeZone) ?? undefined,
    to: zonedLocalToIso(filters.to, timeZone) ?? undefined,
  };
}

export function AccessLogScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { filters, offset, apply, setOffset } = useAccessLogFilters();
  const timeZone = user.data?.time_zone ?? DEFAULT_TIME_ZONE;
  const allowed = can(user.data, 'access_log.read');
  const query = toQuery(filters, timeZone);
  const log = useAccessLog({ ...query, limit: PAGE_SIZE, offset }, allowed);
  const exporter = useExportAccessLog();

  if (user.data && !allowed) {
    return (
      <Page title={t('access_log.title')}>
        <p className="alert alert-error" role="alert">
          {t('errors.permission.denied')}
        </p>
      </Page>
    );
  }

  const onExport = () =>
    exporter.mutate(query, {
      onSuccess: (blob) => saveBlob(blob, `access-log-${todayIn(timeZone, new Date())}.csv`),
    });

  return (
    <Page title={t('access_log.title')} intro={t('access_log.intro', { zone: timeZone })}>
      <AccessLogFiltersForm filters={filters} timeZone={timeZone} onApply={apply} />
      <div className="toolbar toolbar-end">
        <button
          type="button"
          className="button button-secondary"
          onClick={onExport}
          disabled={exporter.isPending}
        >
          {exporter.isPending ? t('access_log.exporting') : t('access_log.export_csv')}
        </button>
      </div>
      <ErrorMessage error={exporter.error} />
      <ErrorMessage error={log.error ?? user.error} />
      <div className="panel panel-flush" aria-busy={log.isFetching}>
        <AccessLogTable items={log.data?.items ?? []} timeZone={timeZone} loading={log.isFetching} />
      </div>
      {log.data && (
        <Pager
          offset={offset}
          limit={PAGE_SIZE}
          total={log.data.total}
          onOffsetChange={setOffset}
          label={t('access_log.pages')}
        />
      )}
    </Page>
  );
}
