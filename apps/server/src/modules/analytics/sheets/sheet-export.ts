import type { SheetCell, SheetColumn } from '@thunderwatch/shared/schemas/sheets';
import { toCsv } from '../../../lib/csv.js';
import { type HeaderLang, headerOf } from '../../../lib/xlsx.js';

/** The workbook writer lives in lib (the alert history writes its XLSX through it too). */
export { headerOf, sheetXlsx } from '../../../lib/xlsx.js';

export function sheetCsv(
  columns: readonly SheetColumn[],
  rows: readonly Record<string, SheetCell>[],
  lang: HeaderLang,
): string {
  return `\uFEFF${toCsv(
    columns.map((c) => headerOf(c, lang)),
    rows.map((r) => columns.map((c) => r[c.key] ?? null)),
  )}`;
}
