import type { SheetCell, SheetColumn, SheetExportQuery } from '@thunderwatch/shared/schemas/sheets';
import ExcelJS from 'exceljs';

/** The language of a download's headers: one, or both when none is asked for. */
export type HeaderLang = SheetExportQuery['lang'];

/** A column's header in a download: one language, or both ("中文 / English") so either reader finds it. */
export function headerOf(column: SheetColumn, lang: HeaderLang): string {
  if (lang === 'en') return column.header.en;
  if (lang === 'zh-Hans') return column.header['zh-Hans'];
  return `${column.header['zh-Hans']} / ${column.header.en}`;
}

/**
 * An XLSX workbook of one worksheet: bold frozen header row, numbers as numbers, times as Excel dates (UTC),
 * columns wide enough for their header. Text that a spreadsheet would run as a formula stays text (ExcelJS
 * writes strings as strings; nothing is written as a formula). The data sheets and the alert history write
 * theirs through it.
 */
export async function sheetXlsx(
  title: string,
  columns: readonly SheetColumn[],
  rows: readonly Record<string, SheetCell>[],
  lang: HeaderLang,
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Thunderwatch';
  const sheet = book.addWorksheet(title.slice(0, 31).replace(/[\\/?*[\]:]/g, ' '), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns.map((c) => ({
    header: headerOf(c, lang),
    key: c.key,
    width: Math.min(40, Math.max(10, headerOf(c, lang).length + 2)),
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
          return [c.key, c.kind === 'datetime' && typeof v === 'string' ? new Date(v) : v];
        }),
      ),
    );
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
