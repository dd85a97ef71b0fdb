import { siteNameIn } from '@thunderwatch/shared/names';
import type { AlertDto } from '@thunderwatch/shared/schemas/alerts';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyTableRow } from '../../../components/empty-table-row';
import { formatDateTime } from '../../../lib/time';
import { durationMinutes, formatMinutes, warnedText } from '../model/alert-format';
import { AlertDetail } from './alert-detail';
import { AlertLevelChip } from './level-chip';

const COLUMNS = 8;

interface AlertHistoryTableProps {
  items: AlertDto[];
  timeZone: string;
  loading: boolean;
  nowMs: number;
  openId: number | null;
  onToggle: (id: number) => void;
  onCap: (id: number) => void;
  capPending: boolean;
}

/**
 * The episodes, newest first; a row's Details opens its timeline, rings, alarms and CAP under it. On a phone
 * each row is a card of labelled lines (the labels come from `data-label`).
 */
export function AlertHistoryTable({
  items,
  timeZone,
  loading,
  nowMs,
  openId,
  onToggle,
  onCap,
  capPending,
}: AlertHistoryTableProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const label = (key: string) => t(`alert_history.column.${key}`);
  return (
    <div className="table-wrap">
      <table className="table table-dense ah-table" data-testid="alert-history-table">
        <caption className="visually-hidden">{t('screens.alert_history')}</caption>
        <thead>
          <tr>
            <th scope="col">{label('location')}</th>
            <th scope="col">{label('start')}</th>
            <th scope="col">{label('end')}</th>
            <th scope="col" className="numeric">
              {label('duration')}
            </th>
            <th scope="col">{label('peak_level')}</th>
            <th scope="col">{label('predicted')}</th>
            <th scope="col">{label('warned')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('common.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((alert) => {
            const open = alert.id === openId;
            const minutes = durationMinutes(alert, nowMs);
            return (
              <Fragment key={alert.id}>
                <tr data-testid={`alert-${alert.id}`} className={open ? 'ah-row ah-row-open' : 'ah-row'}>
                  <td data-label={label('location')} className="ah-location">
                    {siteNameIn(language, alert)}
                  </td>
                  <td data-label={label('start')} className="nowrap">
                    <time dateTime={alert.started_at}>
                      {formatDateTime(alert.started_at, timeZone, language)}
                    </time>
                  </td>
                  <td data-label={label('end')} className="nowrap">
                    {alert.ended_at ? (
                      <time dateTime={alert.ended_at}>
                        {formatDateTime(alert.ended_at, timeZone, language)}
                      </time>
                    ) : (
                      <span className="badge badge-warning">{t('alert_history.ongoing')}</span>
                    )}
                  </td>
                  <td data-label={label('duration')} className="numeric nowrap">
                    {alert.ended_at
                      ? formatMinutes(minutes, t)
                      : t('alert_history.so_far', { duration: formatMinutes(minutes, t) })}
                  </td>
                  <td data-label={label('peak_level')}>
                    <AlertLevelChip level={alert.peak_level} />
                  </td>
                  <td data-label={label('predicted')}>
                    {alert.predicted ? t('alert_history.predicted_yes') : t('alert_history.predicted_no')}
                  </td>
                  <td data-label={label('warned')} data-testid="alert-warned">
                    {warnedText(alert, t, language)}
                  </td>
                  <td className="actions">
                    <button
                      type="button"
                      className="button button-small button-secondary"
                      aria-expanded={open}
                      onClick={() => onToggle(alert.id)}
                    >
                      {open ? t('alert_history.hide_details') : t('alert_history.details')}
                    </button>
                  </td>
                </tr>
                {open && (
                  <tr className="ah-detail-row">
                    <td colSpan={COLUMNS}>
                      <AlertDetail
                        alert={alert}
                        timeZone={timeZone}
                        nowMs={nowMs}
                        onCap={() => onCap(alert.id)}
                        capPending={capPending}
                      />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
          <EmptyTableRow
            empty={items.length === 0}
            loading={loading}
            columns={COLUMNS}
            emptyText={t('alert_history.empty')}
          />
        </tbody>
      </table>
    </div>
  );
}
