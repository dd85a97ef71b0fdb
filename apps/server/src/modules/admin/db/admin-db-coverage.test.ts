import { ADMIN_DB_PREVIEW_CHARS } from '@thunderwatch/shared/schemas/admin-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';
import { ADMIN_TABLES, EXCLUDED_TABLES } from './admin-db-tables.js';

/**
 * The allow-list against the migrated schema (every table and column classified), and the column types
 * that keep answers small: large values, binary, days. The secret scan is in admin-db.test.ts.
 */

const TABLE = '/api/admin/dynamo_db/table';
const ITEM = '/api/admin/dynamo_db/item';
const REPORT_HTML = `<html><body>${'<p>Lightning over the apron.</p>'.repeat(200)}</body></html>`;

describe.each(DB_KINDS)('database view coverage (%s)', (kind) => {
  let t: TestApp;
  let manager: TestUser;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { ADMIN_DB_WRITE: 'true' } });
    manager = await t.createUser({ role: 'group_admin' });
    // A report with a long HTML and a PDF, and a day of the UTC-day rollups kept from before migration 040.
    await t.db.query(
      `INSERT INTO reports (group_id, template, parameters, title, status, html, pdf, created_at)
       VALUES ($1, 'monthly', '{}', 'July', 'done', $2, decode('255044462d312e370a', 'hex'), now())`,
      [t.demoGroupId, REPORT_HTML],
    );
    const rollup = ADMIN_TABLES.find((x) => x.name === 'stroke_rollup_region_utc_day')?.columns ?? [];
    const value = (c: { name: string; type: string }) =>
      c.name === 'code'
        ? `'440100'`
        : c.name === 'day'
          ? `'2026-07-12'`
          : c.type === 'timestamp'
            ? 'now()'
            : '1';
    await t.db.query(
      `INSERT INTO stroke_rollup_region_utc_day (${rollup.map((c) => c.name).join(', ')})
       VALUES (${rollup.map(value).join(', ')})`,
    );
  });
  afterAll(() => t.close());

  const get = (url: string) => t.call({ method: 'GET', url, token: t.admin.access });

  it('names every column of each allowed table, visible or masked (a new column must be classified)', async () => {
    for (const table of ADMIN_TABLES) {
      const actual = await t.db.query<{ c: string }>(
        `SELECT column_name AS c FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1`,
        [table.name],
      );
      expect(actual.rows.map((r) => r.c).sort(), table.name).toEqual(table.columns.map((c) => c.name).sort());
    }
  });

  it('classifies every table of the migrated schema: allowed, or excluded with a reason', async () => {
    // Daily partitions are reached through their parent (strokes, sensor_readings…), so they are not tables here.
    const actual = await t.db.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables t
       WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
         AND NOT EXISTS (SELECT 1 FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
                         JOIN pg_namespace n ON n.oid = c.relnamespace
                         WHERE c.relname = t.table_name AND n.nspname = t.table_schema)`,
    );
    const names = actual.rows.map((r) => r.name);
    expect(names.length).toBeGreaterThan(50);
    const allowed = new Set(ADMIN_TABLES.map((x) => x.name));
    const excluded = new Set(EXCLUDED_TABLES.map((x) => x.name));
    const unclassified = names.filter((n) => !allowed.has(n) && !excluded.has(n));
    expect(unclassified, 'tables neither in ADMIN_TABLES nor in EXCLUDED_TABLES').toEqual([]);
    expect(
      [...allowed].filter((n) => excluded.has(n)),
      'both allowed and excluded',
    ).toEqual([]);
    expect(
      [...allowed, ...excluded].filter((n) => !names.includes(n)),
      'listed but not in the schema',
    ).toEqual([]);
    for (const x of EXCLUDED_TABLES) expect(x.reason.length, x.name).toBeGreaterThan(20);
    expect(names).toContain('schema_migrations');
  });

  it('answers large values abbreviated in a page and whole in the item, binary as its size, days as days', async () => {
    const page = (await get(`${TABLE}?table=reports&column=title&value=July`)).json();
    expect(page.items).toHaveLength(1);
    const row = page.items[0];
    expect(row.html).toBe(`${REPORT_HTML.slice(0, ADMIN_DB_PREVIEW_CHARS)}…`);
    expect(row.pdf).toBe(9);
    const item = (await get(`${ITEM}?table=reports&key=${row.id}`)).json();
    expect(item.item.html).toBe(REPORT_HTML);
    expect(item.item.pdf).toBe(9);
    const columns = page.table.columns;
    expect(columns.find((c: { name: string }) => c.name === 'html')).toMatchObject({
      type: 'large',
      queryable: false,
    });
    const byHtml = await get(`${TABLE}?table=reports&column=html&op=contains&value=apron`);
    expect(byHtml.statusCode).toBe(400);
    expect(byHtml.json().error.details[0].field).toBe('column');
    const day = (await get(`${TABLE}?table=stroke_rollup_region_utc_day&column=day&value=2026-07-12`)).json();
    expect(day.items.map((r: { code: string; day: string }) => [r.code, r.day])).toEqual([
      ['440100', '2026-07-12'],
    ]);
    const range = (
      await get(
        `${TABLE}?table=stroke_rollup_region_utc_day&column=day&op=range&from=2026-07-12&to=2026-07-13`,
      )
    ).json();
    expect(range.items).toHaveLength(1);
    const badDay = await get(`${TABLE}?table=stroke_rollup_region_utc_day&column=day&value=2026-02-30`);
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().error.details[0]).toEqual({
      field: 'value',
      message: 'is not a day of the calendar',
    });
    const unindexed = await get(`${TABLE}?table=stroke_rollup_region_utc_day&sort=strokes`);
    expect(unindexed.statusCode).toBe(400);
  });

  it("edits a saved query's name, never its owner", async () => {
    const saved = await t.db.query<{ id: number }>(
      `INSERT INTO saved_queries (user_id, name, spec, created_at) VALUES ($1, 'July storms', '{}', now()) RETURNING id`,
      [manager.id],
    );
    const id = String(saved.rows[0]?.id);
    const ok = await t.call({
      method: 'PATCH',
      url: ITEM,
      token: t.admin.access,
      payload: { table: 'saved_queries', key: id, values: { name: 'July storms (checked)' } },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().item).toMatchObject({ name: 'July storms (checked)', user_id: manager.id });
    const owner = await t.call({
      method: 'PATCH',
      url: ITEM,
      token: t.admin.access,
      payload: { table: 'saved_queries', key: id, values: { user_id: t.admin.id } },
    });
    expect(owner.statusCode).toBe(400);
    expect(owner.json().error.details[0]).toEqual({ field: 'values/user_id', message: 'is not editable' });
  });
});
