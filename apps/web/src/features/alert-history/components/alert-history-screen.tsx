import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { Pager } from '../../../components/pager';
import { todayIn } from '../../../lib/calendar-dates';
import { useCurrentUser } from '../../../lib/current-user';
import { saveBlob } from '../../../lib/download';
import { useGroupNames } from '../../../lib/group-names';
import { useLocations } from '../../../lib/locations';
import { DEFAULT_TIME_ZONE } from '../../../lib/time';
import { useAlertEpisode, useAlertHistory, useDownloadAlerts } from '../api/alert-history';
import {
  type AlertView,
  alertFiltersKey,
  alertQueryOf,
  paramsOfView,
  viewFromParams,
} from '../model/alert-filters';
import { AlertDetail } from './alert-detail';
import { AlertHistoryFilters } from './alert-history-filters';
import { AlertHistoryTable } from './alert-history-table';
import '../alert-history.css';

const PAGE_SIZE = 50;

/**
 * Past warning episodes of my group (an admin's: every group's, or one's), newest first, filtered by what the
 * address holds so a link reproduces the view; each opens its timeline, rings, alarms and CAP; the filtered
 * list downloads as CSV or Excel.
 */
export function AlertHistoryScreen() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const timeZone = user.data?.time_zone ?? DEFAULT_TIME_ZONE;
  const isAdmin = user.data?.role === 'admin';
  const groupNames = useGroupNames(isAdmin);
  const locations = useLocations();
  const [params, setParams] = useSearchParams();
  const view = viewFromParams(params);
  const setView = (next: AlertView) => setParams(paramsOfView(next));
  const query = alertQueryOf(view.filters, timeZone, isAdmin);
  // The period is local days of the user's zone: nothing is asked before the zone is known.
  const page = useAlertHistory({ ...query, limit: PAGE_SIZE, offset: view.offset }, Boolean(user.data));
  const items = page.data?.items ?? [];
  // A link to an episode that is not on this page (filtered out, or further back): its detail above the list.
  const elsewhere = page.data && view.episode !== null && !items.some((a) => a.id === view.episode);
  const linked = useAlertEpisode(elsewhere ? view.episode : null);
  const downloader = useDownloadAlerts();
  const stamp = () => todayIn(timeZone, new Date());
  const download = (kind: 'csv' | 'xlsx') =>
    downloader.mutate(
      kind === 'csv'
        ? { kind, query }
        : { kind, query, lang: i18n.language === 'zh-Hans' ? 'zh-Hans' : 'en', timeZone },
      { onSuccess: (blob) => saveBlob(blob, `alert-history-${stamp()}.${kind}`) },
    );
  const downloadCap = (id: number) =>
    downloader.mutate({ kind: 'cap', id }, { onSuccess: (blob) => saveBlob(blob, `alert-${id}.cap.xml`) });

  return (
    <Page title={t('screens.alert_history')} intro={t('alert_history.intro', { zone: timeZone })}>
      <AlertHistoryFilters
        key={alertFiltersKey(view.filters)}
        filters={view.filters}
        locations={locations.data?.items ?? []}
        groups={isAdmin ? groupNames : null}
        timeZone={timeZone}
        onApply={(filters) => setView({ filters, offset: 0, episode: null })}
      />
      <div className="toolbar toolbar-end ah-toolbar">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => download('csv')}
          disabled={downloader.isPending}
        >
          {t('alert_history.export_csv')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => download('xlsx')}
          disabled={downloader.isPending}
        >
          {t('alert_history.export_xlsx')}
        </button>
      </div>
      <ErrorMessage error={downloader.error} />
      <ErrorMessage error={page.error ?? user.error ?? locations.error} />
      {elsewhere && linked.data && (
        <div className="panel panel-flush ah-linked">
          <AlertDetail
            alert={linked.data}
            timeZone={timeZone}
            nowMs={Date.now()}
            onCap={() => downloadCap(linked.data.id)}
            capPending={downloader.isPending}
            onClose={() => setView({ ...view, episode: null })}
          />
        </div>
      )}
      {elsewhere && <ErrorMessage error={linked.error} />}
      <div className="panel panel-flush" aria-busy={page.isFetching}>
        <AlertHistoryTable
          items={items}
          timeZone={timeZone}
          loading={page.isPending}
          nowMs={Date.now()}
          openId={view.episode}
          onToggle={(id) => setView({ ...view, episode: view.episode === id ? null : id })}
          onCap={downloadCap}
          capPending={downloader.isPending}
        />
      </div>
      {page.data && (
        <Pager
          offset={view.offset}
          limit={PAGE_SIZE}
          total={page.data.total}
          onOffsetChange={(offset) => setView({ ...view, offset, episode: null })}
          label={t('alert_history.pages')}
        />
      )}
    </Page>
  );
}
