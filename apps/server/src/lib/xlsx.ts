import { localDateTimeSeconds } from '@thunderwatch/domain/common/local-time';
import type {
  SheetCell,
  SheetColumn,
  SheetColumnKind,
  SheetExportQuery,
} from '@thunderwatch/shared/schemas/sheets';
import ExcelJS from 'exceljs';

/** The language of a download's headers: one, or both when none is asked for. */
export type HeaderLang = SheetExportQuery['lang'];

/** A download's column: its key (the CSV's), its kind and its header in each language. */
export const sheetColumn = (key: string, kind: SheetColumnKind, en: string, zh: string): SheetColumn => ({
  key,
  kind,
  header: { en, 'zh-Hans': zh },
});

/** A column's header in a download: one language, or both ("中文 / English") so either reader finds it. */
export function headerOf(column: SheetColumn, lang: HeaderLang): string {
  if (lang === 'en') return column.header.en;
  if (lang === 'zh-Hans') return column.header['zh-Hans'];
  return `${column.header['zh-Hans']} / ${column.header.en}`;
}

/** A time column's header names the zone its times are read in: "Started (Asia/Shanghai)". */
function timeHeaderOf(column: SheetColumn, lang: HeaderLang, timeZone: string): string {
  const zoned = {
    ...column,
    header: {
      en: `${column.header.en} (${timeZone})`,
      'zh-Hans': `${column.header['zh-Hans']}（${timeZone}）`,
    },
  };
  return headerOf(zoned, lang);
}

/**
 * An instant as an Excel date showing the wall-clock time of `timeZone` (Excel dates have no zone: the reader
 * sees the digits written, so they are the reader's local ones, and the header names the zone).
 */
export function wallClockDate(iso: string, timeZone: string): Date {
  return new Date(`${localDateTimeSeconds(new Date(iso), timeZone).replace(' ', 'T')}Z`);
}

/**
 * An XLSX workbook of one worksheet: bold frozen header row, numbers as numbers, times as Excel dates in
 * `timeZone`'s wall-clock time (named in their headers), columns wide enough for their header. Text that a
 * spreadsheet would run as a formula stays text (ExcelJS writes strings as strings; nothing is written as a
 * formula). The data sheets, stroke queries and the alert history write theirs through it.
 */
export async function sheetXlsx(
  title: string,
  columns: readonly SheetColumn[],
  rows: readonly Record<string, SheetCell>[],
  lang: HeaderLang,
  timeZone: string,
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Thunderwatch';
  const sheet = book.addWorksheet(title.slice(0, 31).replace(/[\\/?*[\]:]/g, ' '), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  const header = (c: SheetColumn) =>
    c.kind === 'datetime' ? timeHeaderOf(c, lang, timeZone) : headerOf(c, lang);
  sheet.columns = columns.map((c) => ({
    header: header(c),
    key: c.key,
    width: Math.min(40, Math.max(10, header(c).length + 2)),
    style:
      c.kind === 'datetime'
        ? { numFmt: 'yyyy-mm-dd hh:mm:ss' }
        : c.kind === 'percent' || c.kind === 'number'
          ? { numFmt: '0.0' }
          : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) {
    sheet.addRow(
      Object.fromEntries(
        columns.map((c) => {
          const v = r[c.key] ?? null;
          return [c.key, c.kind === 'datetime' && typeof v === 'string' ? wallClockDate(v, timeZone) : v];
        }),
      ),
    );
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
