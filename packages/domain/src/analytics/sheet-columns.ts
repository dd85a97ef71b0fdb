import { nameFor, readsEnglish } from '@thunderwatch/shared/names';
import type { SheetCell, SheetColumn } from '@thunderwatch/shared/schemas/sheets';

/** A column as a reader is shown it: its header, and the row values it shows, the first not null. */
export interface ReaderColumn extends SheetColumn {
  values: readonly string[];
}

/**
 * A sheet's columns for a reader of `language` (the data sheet screen, the reports' tables): a name given in
 * two columns is one column, showing the reader's language and the other where a row has none; the exports
 * keep both columns. Two pairs are known: a name given in both languages (`name_zh` beside `name_en`, a
 * province: under the Chinese one's header, "Province") and a thing's own name beside its English one
 * (`location_name` beside `location_name_en`, a site or device: under the own name's header, "Location"),
 * whose English one an English reader is shown first (`readsEnglish`, as `nameFor` names things). The
 * column's key is the name shown first, so sorting follows it.
 */
export function readerColumns(columns: readonly SheetColumn[], language: string): ReaderColumn[] {
  const keys = new Set(columns.map((c) => c.key));
  const english = readsEnglish(language);
  const out: ReaderColumn[] = [];
  for (const c of columns) {
    const zh = c.key.replace(/_zh$/, '');
    const own = c.key.replace(/_en$/, '');
    if (zh !== c.key && keys.has(`${zh}_en`)) {
      const [shown, other] = english ? [`${zh}_en`, c.key] : [c.key, `${zh}_en`];
      out.push({ ...c, key: shown, values: [shown, other] });
    } else if (ownNamed(c.key, keys)) {
      const [shown, other] = english ? [`${own}_en`, own] : [own, `${own}_en`];
      out.push({ ...c, key: shown, values: [shown, other] });
    } else if (own !== c.key && (keys.has(`${own}_zh`) || keys.has(own))) {
      // The English half of a pair, shown in the column above.
    } else out.push({ ...c, values: [c.key] });
  }
  return out;
}

/** The value a reader's column shows of a row: the first of its values that is not null. */
export function readerValue(row: Record<string, SheetCell>, column: ReaderColumn): SheetCell {
  for (const key of column.values) {
    const v = row[key];
    if (v !== null && v !== undefined) return v;
  }
  return null;
}

/** Whether `key` is a thing's own name with its English one beside it (`location_name` and `location_name_en`). */
function ownNamed(key: string, keys: ReadonlySet<string>): boolean {
  return !key.endsWith('_en') && keys.has(`${key}_en`) && !keys.has(`${key}_zh`);
}

/**
 * A sheet as an export in one language writes it: each thing's own name and its English one are one column,
 * under the own name's header, holding the name that language reads (`nameFor`); an export in both languages
 * (`lang` undefined) keeps both columns. Names given in both languages (provinces' `name_zh`, `name_en`) stay
 * two columns either way, as they always were.
 */
export function namedForExport(
  columns: readonly SheetColumn[],
  rows: readonly Record<string, SheetCell>[],
  lang: string | undefined,
): { columns: SheetColumn[]; rows: Record<string, SheetCell>[] } {
  if (lang === undefined) return { columns: [...columns], rows: [...rows] };
  const keys = new Set(columns.map((c) => c.key));
  const owns = columns.filter((c) => ownNamed(c.key, keys)).map((c) => c.key);
  if (owns.length === 0) return { columns: [...columns], rows: [...rows] };
  const english = new Set(owns.map((k) => `${k}_en`));
  return {
    columns: columns.filter((c) => !english.has(c.key)),
    rows: rows.map((r) => {
      const out = { ...r };
      for (const own of owns) {
        const name = r[own];
        const en = r[`${own}_en`];
        if (typeof name === 'string') out[own] = nameFor(lang, name, typeof en === 'string' ? en : null);
        delete out[`${own}_en`];
      }
      return out;
    }),
  };
}
