import { type Static, Type } from 'typebox';
import { MAX_OFFSET, Nullable } from './kit.js';

/** The administrator's database view: allow-listed tables, their rows, one row, edits and their audit. */

export const ADMIN_DB_COLUMN_TYPES = [
  'integer',
  'number',
  'text',
  'boolean',
  'timestamp',
  'uuid',
  'json',
  'array',
  /** A calendar day, answered as `YYYY-MM-DD`. */
  'date',
  /**
   * A JSON or text value that may be large (report HTML, query results, GeoJSON, engine state): a table page
   * carries only its first ADMIN_DB_PREVIEW_CHARS characters as text (ending in `…` when cut); the item
   * answers it whole. Neither sorted nor filtered by.
   */
  'large',
  /** Binary (a PDF, packed grid values): only its size in bytes is ever answered. Neither sorted nor filtered by. */
  'bytes',
] as const;
export type AdminDbColumnType = (typeof ADMIN_DB_COLUMN_TYPES)[number];

/** Characters of a `large` value a table page carries. */
export const ADMIN_DB_PREVIEW_CHARS = 200;

export const ADMIN_DB_FILTER_OPS = ['eq', 'contains', 'range'] as const;
export type AdminDbFilterOp = (typeof ADMIN_DB_FILTER_OPS)[number];

export const ADMIN_DB_MAX_LIMIT = 200;
export const ADMIN_DB_MASK = '••••';

export const AdminDbColumn = Type.Object({
  name: Type.String(),
  type: Type.Enum(ADMIN_DB_COLUMN_TYPES),
  /** A secret: never returned, shown as `••••`. */
  masked: Type.Boolean(),
  /** May be sorted and filtered by (every visible column of a small table, the indexed ones of a big one). */
  queryable: Type.Boolean(),
  /** May be edited when ADMIN_DB_WRITE=true. */
  editable: Type.Boolean(),
});
export type AdminDbColumn = Static<typeof AdminDbColumn>;

export const AdminDbTableInfo = Type.Object({
  name: Type.String(),
  /** Row count; for big tables the planner's estimate (null until the table was first analysed). */
  rows: Nullable(Type.Integer()),
  rows_estimated: Type.Boolean(),
  key: Nullable(Type.String({ description: 'The primary key an item is read by; null: no item view' })),
  columns: Type.Array(AdminDbColumn),
});
export type AdminDbTableInfo = Static<typeof AdminDbTableInfo>;

export const AdminDbRow = Type.Record(Type.String(), Type.Unknown());
export type AdminDbRow = Static<typeof AdminDbRow>;

export const AdminDbTableQuery = Type.Object(
  {
    table: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    limit: Type.Integer({ minimum: 1, maximum: ADMIN_DB_MAX_LIMIT, default: 50 }),
    offset: Type.Integer({ minimum: 0, maximum: MAX_OFFSET, default: 0 }),
    sort: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    order: Type.Optional(Type.Enum(['asc', 'desc'])),
    column: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Column to filter by' })),
    op: Type.Optional(
      Type.Enum(ADMIN_DB_FILTER_OPS, { description: 'eq (default), contains (text), range' }),
    ),
    value: Type.Optional(Type.String({ maxLength: 200, description: 'eq and contains' })),
    from: Type.Optional(Type.String({ maxLength: 64, description: 'range: lower bound, inclusive' })),
    to: Type.Optional(Type.String({ maxLength: 64, description: 'range: upper bound, exclusive' })),
  },
  { additionalProperties: false },
);
export type AdminDbTableQuery = Static<typeof AdminDbTableQuery>;

export const AdminDbTableList = Type.Object({
  tables: Type.Array(AdminDbTableInfo),
  write_enabled: Type.Boolean(),
});
export type AdminDbTableList = Static<typeof AdminDbTableList>;

export const AdminDbTablePage = Type.Object({
  table: AdminDbTableInfo,
  items: Type.Array(AdminDbRow),
  /** Matching rows; null for big tables (counting them would read every partition). */
  total: Nullable(Type.Integer()),
  has_more: Type.Boolean(),
});
export type AdminDbTablePage = Static<typeof AdminDbTablePage>;

export const AdminDbTableAnswer = Type.Union([AdminDbTableList, AdminDbTablePage]);

export const AdminDbItemQuery = Type.Object(
  {
    table: Type.String({ minLength: 1, maxLength: 64 }),
    key: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);

export const AdminDbItem = Type.Object({
  table: AdminDbTableInfo,
  key: Type.String(),
  item: AdminDbRow,
  write_enabled: Type.Boolean(),
});
export type AdminDbItem = Static<typeof AdminDbItem>;

export const AdminDbItemEdit = Type.Object(
  {
    table: Type.String({ minLength: 1, maxLength: 64 }),
    key: Type.String({ minLength: 1, maxLength: 200 }),
    values: Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), {
      minProperties: 1,
      maxProperties: 20,
      description: 'Column → new value; only the table`s editable columns',
    }),
  },
  { additionalProperties: false },
);
export type AdminDbItemEdit = Static<typeof AdminDbItemEdit>;

export const AdminDbAuditEntry = Type.Object({
  id: Type.Integer(),
  at: Type.String({ format: 'date-time' }),
  user_id: Nullable(Type.Integer()),
  username: Type.String(),
  table_name: Type.String(),
  row_key: Type.String(),
  before: AdminDbRow,
  after: AdminDbRow,
});
export type AdminDbAuditEntry = Static<typeof AdminDbAuditEntry>;

export const AdminDbAuditQuery = Type.Object(
  {
    table: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    limit: Type.Integer({ minimum: 1, maximum: ADMIN_DB_MAX_LIMIT, default: 50 }),
    offset: Type.Integer({ minimum: 0, maximum: MAX_OFFSET, default: 0 }),
  },
  { additionalProperties: false },
);

export const AdminDbAuditPage = Type.Object({ items: Type.Array(AdminDbAuditEntry), total: Type.Integer() });
export type AdminDbAuditPage = Static<typeof AdminDbAuditPage>;
