import { ADMIN_DB_MASK, type AdminDbColumnType } from '@thunderwatch/shared/schemas/admin-db';

/**
 * The shape of the database view's allow-list (tables/*.ts) and the shorthand its entries are written in.
 * A column is visible unless `masked` (a secret: never selected, answered as MASK); `edit` makes it editable
 * under ADMIN_DB_WRITE, with the rule its new values are checked against.
 */

export const MASK = ADMIN_DB_MASK;

/** How an edit of a column is validated. */
export type EditRule =
  | {
      kind: 'text';
      max: number;
      nullable?: boolean;
      pattern?: RegExp;
      values?: readonly string[];
      /** An IANA time zone the runtime knows. */
      timeZone?: true;
    }
  | { kind: 'bool' }
  | { kind: 'int'; min: number; max: number };

export interface ColumnDef {
  name: string;
  type: AdminDbColumnType;
  masked?: true;
  edit?: EditRule;
}

export interface TableDef {
  name: string;
  /** The single-column primary key an item is read and edited by; null: no item view. */
  key: string | null;
  /** Big tables: the row count is the planner's estimate, and only `indexed` columns sort and filter. */
  big?: { indexed: readonly string[] };
  /** Default order (newest first on this column). */
  order: string;
  columns: ColumnDef[];
}

/** A table left out of the view on purpose, and why. */
export interface ExcludedTable {
  name: string;
  reason: string;
}

/** Columns as "name:type" words; "name:type!" is a masked (secret) column. */
export const cols = (specs: string): ColumnDef[] =>
  specs
    .trim()
    .split(/\s+/)
    .map((s) => {
      const masked = s.endsWith('!');
      const [name, type] = (masked ? s.slice(0, -1) : s).split(':') as [string, AdminDbColumnType];
      return masked ? { name, type, masked: true } : { name, type };
    });

export const withEdits = (columns: ColumnDef[], edits: Record<string, EditRule>): ColumnDef[] =>
  columns.map((c) => (edits[c.name] ? { ...c, edit: edits[c.name] } : c));

export const text = (max: number, extra: Omit<Extract<EditRule, { kind: 'text' }>, 'kind' | 'max'> = {}) =>
  ({ kind: 'text', max, ...extra }) as const;
export const int = (min: number, max: number) => ({ kind: 'int', min, max }) as const;
export const BOOL = { kind: 'bool' } as const;
export const TIME_ZONE = /^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+){0,2}$/;

export const table = (def: TableDef): TableDef => def;

/** Types a column is never sorted or filtered by: only shown (abbreviated, or as a size). */
export const UNQUERYABLE_TYPES: readonly AdminDbColumnType[] = ['large', 'bytes'];
