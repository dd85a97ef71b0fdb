import type { SheetExportQuery, SheetId } from '@thunderwatch/shared/schemas/sheets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { Pager } from '../../../components/pager';
import { useCurrentUser } from '../../../lib/current-user';
import { saveBlob } from '../../../lib/download';
import { DEFAULT_TIME_ZONE } from '../../../lib/time';
import { useExportSheet, useSheetList, useSheetPage } from '../api/get-sheets';
import { currentMonth, monthPeriod } from '../model/sheet-cells';
import { SheetTable } from './sheet-table';
import '../data-sheet.css';

const PAGE_SIZE = 50;
type HeaderLanguage = 'both' | 'en' | 'zh-Hans';

/**
 * Data sheets: pick a sheet and a month; the table sorts by any column and pages; the whole sheet downloads as
 * CSV or XLSX with headers in both languages (or one).
 */
export function DataSheetScreen() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'zh-Hans' ? 'zh-Hans' : 'en';
  const user = useCurrentUser();
  const timeZone = user.data?.time_zone ?? DEFAULT_TIME_ZONE;
  const sheets = useSheetList();
  const [chosen, setChosen] = useState<SheetId | null>(null);
  // This month in the user's zone until another is picked (the zone is known once the profile is loaded).
  const [picked, setMonth] = useState<string | null>(null);
  const month = picked ?? currentMonth(new Date(), timeZone);
  const [sortBy, setSortBy] = useState<{ key: string; order: 'asc' | 'desc' } | null>(null);
  const [offset, setOffset] = useState(0);
  const [headers, setHeaders] = useState<HeaderLanguage>('both');
  const sheet = sheets.data?.items.find((s) => s.id === chosen) ?? sheets.data?.items[0] ?? null;
  const period = monthPeriod(month, timeZone);
  const sort = sortBy?.key ?? sheet?.default_sort ?? '';
  const order = sortBy?.order ?? 'asc';
  // The lightning sheets count the days of the user's zone, as the month picked and the statistics do.
  const filter = { from: period?.from ?? '', to: period?.to ?? '', time_zone: timeZone, sort, order };
  const page = useSheetPage(sheet && period && user.data ? sheet.id : null, {
    ...filter,
    limit: PAGE_SIZE,
    offset,
  });
  const exporter = useExportSheet();

  const pick = (id: SheetId) => {
    setChosen(id);
    setSortBy(null);
    setOffset(0);
  };
  const onSort = (key: string) => {
    setSortBy({ key, order: key === sort && order === 'asc' ? 'desc' : 'asc' });
    setOffset(0);
  };
  const download = (format: SheetExportQuery['format']) => {
    if (!sheet || !period) return;
    const query: SheetExportQuery = { ...filter, format, ...(headers === 'both' ? {} : { lang: headers }) };
    exporter.mutate(
      { id: sheet.id, query },
      { onSuccess: (blob) => saveBlob(blob, `${sheet.id}_${month}.${format}`) },
    );
  };

  return (
    <Page title={t('screens.data_sheet')} intro={t('data_sheet.intro')}>
      <ErrorMessage error={sheets.error ?? page.error ?? exporter.error} />
      <div className="sheet-tabs" role="tablist" aria-label={t('data_sheet.sheets')}>
        {sheets.data?.items.map((s) => (
          <button
            key={s.id}
            type="button"
            role="tab"
            aria-selected={s.id === sheet?.id}
            className={s.id === sheet?.id ? 'sheet-tab sheet-tab-active' : 'sheet-tab'}
            onClick={() => pick(s.id)}
          >
            {s.name[language]}
          </button>
        ))}
      </div>
      {sheet && <p className="page-intro">{sheet.description[language]}</p>}
      <div className="toolbar sheet-toolbar">
        <label>
          <span>{t('data_sheet.month')}</span>
          <input
            type="month"
            value={month}
            onChange={(e) => {
              setMonth(e.target.value);
              setOffset(0);
            }}
            required
          />
        </label>
        <label>
          <span>{t('data_sheet.headers')}</span>
          <select value={headers} onChange={(e) => setHeaders(e.target.value as HeaderLanguage)}>
            <option value="both">{t('data_sheet.headers_both')}</option>
            <option value="zh-Hans">简体中文</option>
            <option value="en">English</option>
          </select>
        </label>
        <div className="toolbar-end">
          <button
            type="button"
            className="button button-secondary"
            disabled={!sheet || !period || exporter.isPending}
            onClick={() => download('csv')}
          >
            {t('data_sheet.export_csv')}
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={!sheet || !period || exporter.isPending}
            onClick={() => download('xlsx')}
          >
            {t('data_sheet.export_xlsx')}
          </button>
        </div>
      </div>
      {sheet && (
        <>
          <SheetTable
            sheet={sheet}
            rows={page.data?.rows ?? []}
            sort={sort}
            order={order}
            onSort={onSort}
            timeZone={timeZone}
            loading={page.isPending}
          />
          <Pager
            offset={offset}
            limit={PAGE_SIZE}
            total={page.data?.total ?? 0}
            onOffsetChange={setOffset}
            label={t('data_sheet.pages')}
          />
        </>
      )}
    </Page>
  );
}
