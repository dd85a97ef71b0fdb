import { cols, type TableDef, table, text, withEdits } from '../admin-db-columns.js';

/**
 * Statistics and reports: the hourly stroke rollups (and the daily ones of before migration 040, kept as UTC-day
 * history), query jobs with their results and users' saved queries,
 * report schedules and the reports made. Nothing here is secret. A saved query's name is editable; the rest
 * is either made by the workers or a user's own settings.
 *
 * The rollups are browsable read only: they are sums the ingest keeps and `npm run rollups-rebuild`
 * recomputes from the strokes, so a wrong row is rebuilt, never edited. They are big (a row per region or
 * 0.1° cell and hour, kept for good): sorted and filtered by their key columns only.
 * Large values (a job's result, a report's HTML and sheets) show abbreviated in a page and whole in the
 * item; a report's PDF only as its size.
 */

const hours = (prefix: string) => Array.from({ length: 24 }, (_, h) => `${prefix}${h}:integer`).join(' ');
const ROLLUP_COUNTS = `strokes:integer cg:integer ic:integer cg_pos:integer cg_neg:integer ic_pos:integer
  ic_neg:integer flashes:integer cg_flashes:integer sum_abs_ka:number max_abs_ka:number
  ${Array.from({ length: 10 }, (_, k) => `k${k}:integer`).join(' ')}
  ${Array.from({ length: 5 }, (_, m) => `m${m + 1}:integer`).join(' ')}
  first_time:timestamp last_time:timestamp`;
/** The daily rows of migration 028 also held strokes and CG strokes per UTC hour. */
const UTC_DAY_COUNTS = `${ROLLUP_COUNTS} ${hours('h')} ${hours('g')}`;

export const ANALYTICS_TABLES: readonly TableDef[] = [
  table({
    name: 'stroke_rollup_region',
    key: null,
    big: { indexed: ['hour', 'code'] },
    order: 'hour',
    columns: cols(`code:text hour:timestamp ${ROLLUP_COUNTS}`),
  }),
  table({
    name: 'stroke_rollup_cell',
    key: null,
    big: { indexed: ['hour', 'cy'] },
    order: 'hour',
    columns: cols(`cy:integer cx:integer hour:timestamp ${ROLLUP_COUNTS}`),
  }),
  table({
    name: 'stroke_rollup_region_utc_day',
    key: null,
    big: { indexed: ['day', 'code'] },
    order: 'day',
    columns: cols(`code:text day:date ${UTC_DAY_COUNTS}`),
  }),
  table({
    name: 'stroke_rollup_cell_utc_day',
    key: null,
    big: { indexed: ['day', 'cy'] },
    order: 'day',
    columns: cols(`cy:integer cx:integer day:date ${UTC_DAY_COUNTS}`),
  }),
  table({
    name: 'query_jobs',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer user_id:integer spec:json status:text progress:number estimated:integer
      result:large error:json lease_until:timestamp attempts:integer created_at:timestamp finished_at:timestamp`),
  }),
  table({
    name: 'advise_jobs',
    key: 'id',
    order: 'created_at',
    columns: cols(`id:text user_id:integer input:json sites:large status:text progress_done:integer
      progress_total:integer result:large error:json lease_until:timestamp attempts:integer
      created_at:timestamp finished_at:timestamp`),
  }),
  table({
    name: 'saved_queries',
    key: 'id',
    order: 'id',
    columns: withEdits(cols(`id:integer user_id:integer name:text spec:json created_at:timestamp`), {
      name: text(100),
    }),
  }),
  table({
    name: 'report_schedules',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer group_id:integer template:text parameters:json day_of_month:integer
      hour:integer time_zone:text list_id:integer created_by:integer created_at:timestamp
      last_period:text`),
  }),
  table({
    name: 'reports',
    key: 'id',
    order: 'id',
    columns: cols(`id:integer group_id:integer template:text parameters:json title:text status:text
      error:json attempts:integer html:large pdf:bytes pdf_note:text sheets:large schedule_id:integer created_by:integer
      lease_until:timestamp created_at:timestamp finished_at:timestamp`),
  }),
];
