import { type ColumnDef, type ExcludedTable, type TableDef, UNQUERYABLE_TYPES } from './admin-db-columns.js';
import { ACCOUNT_TABLES } from './tables/accounts.js';
import { ANALYTICS_TABLES } from './tables/analytics.js';
import { EQUIPMENT_TABLES } from './tables/equipment.js';
import { LIGHTNING_TABLES } from './tables/lightning.js';
import { MAP_TABLES } from './tables/map.js';
import { NOTIFY_TABLES } from './tables/notify.js';
import { WARNING_TABLES } from './tables/warnings.js';
import { WEATHER_TABLES } from './tables/weather.js';

export { type ColumnDef, type EditRule, MASK, type TableDef } from './admin-db-columns.js';

/**
 * The administrator's database view sees only these tables and, in each, only these columns. Every SQL
 * identifier the view uses comes from here, never from a request. The entries live by domain in tables/*.ts,
 * each file naming its secret (masked) columns and why; they were found by grepping the migrations for
 * password, hash, secret, token, key and url and by reading what the JSON and text columns hold.
 *
 * Every table of the migrated schema is either allowed here or in EXCLUDED_TABLES with its reason; a test
 * compares both with information_schema, so a new migration's table (and column) must be classified.
 */
export const ADMIN_TABLES: readonly TableDef[] = [
  ...ACCOUNT_TABLES,
  ...NOTIFY_TABLES,
  ...WARNING_TABLES,
  ...LIGHTNING_TABLES,
  ...EQUIPMENT_TABLES,
  ...WEATHER_TABLES,
  ...MAP_TABLES,
  ...ANALYTICS_TABLES,
];

/** Tables left out of the view on purpose. (Daily partitions are not tables of their own: see their parent.) */
export const EXCLUDED_TABLES: readonly ExcludedTable[] = [
  {
    name: 'schema_migrations',
    reason:
      'the migrator’s bookkeeping: seeing or changing it would only invite re-running or skipping a migration',
  },
  {
    name: 'wechat_binding_keys',
    reason:
      'its key is a one-time binding key’s hash, and apart from it a row holds only a user id and times',
  },
];

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
for (const table of ADMIN_TABLES) {
  for (const name of [table.name, ...table.columns.map((c) => c.name)]) {
    if (!IDENTIFIER.test(name)) throw new Error(`admin db allow-list: bad identifier ${name}`);
  }
  const names = (xs: readonly string[]) => xs.filter((x) => !table.columns.some((c) => c.name === x));
  const unknown = names([table.order, ...(table.key ? [table.key] : []), ...(table.big?.indexed ?? [])]);
  if (unknown.length > 0) throw new Error(`admin db allow-list: ${table.name} names no column ${unknown[0]}`);
  if (ADMIN_TABLES.filter((t) => t.name === table.name).length > 1)
    throw new Error(`admin db allow-list: ${table.name} twice`);
}

export function tableDef(name: string): TableDef | undefined {
  return ADMIN_TABLES.find((t) => t.name === name);
}

/**
 * Columns a table sorts and filters by: every visible one of a small table, the indexed ones of a big one;
 * never a large or binary one.
 */
export function queryable(table: TableDef, column: string): ColumnDef | undefined {
  const c = table.columns.find((x) => x.name === column);
  if (!c || c.masked || UNQUERYABLE_TYPES.includes(c.type)) return undefined;
  if (table.big && !table.big.indexed.includes(c.name)) return undefined;
  return c;
}
