import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';
import { ADMIN_TABLES, MASK } from './admin-db-tables.js';

const TABLE = '/api/admin/dynamo_db/table';
const ITEM = '/api/admin/dynamo_db/item';
const AUDIT = '/api/admin/dynamo_db/audit';

const WEBHOOK_SECRET = 'webhook-secret-Qp93vXk2';
const ROBOT_URL = 'https://93.184.216.34/robot/send?access_token=robottoken7f3e9a1b';
const ROBOT_SECRET = 'SEC7d1e0c9b8a7f6e5d4c3b2a19081726354f6e7d8c9bab0c1d2e3f40516273849';
const SMS_TEXT = 'Your Thunderwatch code is 493021';
const TILE_KEY = 'tilekey5Hq2Zr8wLm';
const TILE_URL = `https://tiles.example.com/{z}/{x}/{y}.png?key=${TILE_KEY}`;
/**
 * Robot and webhook URLs that carry their secret in the URL itself, with the secret each carries (a webhook
 * with a user name and password in its URL is refused by the lists, so no table can hold one).
 */
const ROBOT_TARGETS = [
  {
    kind: 'dingtalk',
    token: 'dingtoken9c2b41e7',
    url: 'https://93.184.216.34/robot/send?access_token=dingtoken9c2b41e7',
  },
  {
    kind: 'wecom',
    token: 'wecomkey5a1f77d3',
    url: 'https://93.184.216.34/cgi-bin/webhook/send?key=wecomkey5a1f77d3',
  },
  {
    kind: 'feishu',
    token: 'feishuhook3e8d0a6c',
    url: 'https://93.184.216.34/open-apis/bot/v2/hook/feishuhook3e8d0a6c',
  },
  {
    kind: 'slack',
    token: 'slacksecret8b4e2f19',
    url: 'https://93.184.216.34/services/T0001/B0002/slacksecret8b4e2f19',
  },
  {
    kind: 'webhook',
    token: 'querysecret6d9a3c21',
    url: 'https://93.184.216.34/hook?secret=querysecret6d9a3c21',
  },
] as const;

describe.each(DB_KINDS)('administrator database view (%s)', (kind) => {
  let t: TestApp;
  let manager: TestUser;
  let feedKey: string;
  beforeAll(async () => {
    // A budget of one message: the second event is folded into a digest, whose key and budget row name
    // the target too.
    t = await startTestApp(kind, {
      env: { ADMIN_DB_WRITE: 'true', NOTIFY_BUDGET_COUNT: '1', NOTIFY_WORKER: 'off' },
    });
    manager = await t.createUser({ role: 'group_admin' });
    feedKey = await t.createFeed(`admindb-${kind}`);
    const location = await t.call({
      method: 'POST',
      url: '/api/locations/',
      token: manager.access,
      payload: { name: 'Apron', shape: { type: 'Point', coordinates: [113.3, 23.4] } },
    });
    const list = await t.call({
      method: 'POST',
      url: '/api/distribute_add',
      token: manager.access,
      payload: {
        name: 'Duty',
        locations: [location.json().id],
        min_level: 2,
        channels: ['webhook', 'dingtalk'],
        recipients: [
          { kind: 'webhook', value: 'https://93.184.216.34/hook', secret: WEBHOOK_SECRET },
          { kind: 'dingtalk', value: ROBOT_URL, secret: ROBOT_SECRET },
        ],
      },
    });
    expect(list.statusCode, list.body).toBe(201);
    const robots = await t.call({
      method: 'POST',
      url: '/api/distribute_add',
      token: manager.access,
      payload: {
        name: 'Robots',
        locations: [location.json().id],
        min_level: 1,
        channels: ['webhook', 'dingtalk', 'wecom', 'feishu', 'slack'],
        recipients: ROBOT_TARGETS.map((r) => ({ kind: r.kind, value: r.url })),
      },
    });
    expect(robots.statusCode, robots.body).toBe(201);
    // Two weather warnings at the site, planned into the outbox as the weather module does (nothing is sent:
    // no worker runs, and the addresses are not ours to reach).
    const at = new Date();
    await t.db.transaction((tx) =>
      t.app.services.alarmOutbox.enqueueEvents(
        tx,
        'weather_warning',
        [1, 2].map((id) => ({
          groupId: manager.groupId,
          at,
          facts: {
            weather_warning_alarm_id: id,
            warning_id: id,
            kind: 'lightning' as const,
            colour: 'orange' as const,
            event: 'Thunderstorm',
            headline: null,
            sender: 'cap@test',
            location_id: location.json().id,
            location_name: 'Apron',
            level: 2 as const,
            expires: null,
            at: at.toISOString(),
          },
        })),
      ),
    );
    // Each robot: the first warning, the second folded, and the window's digest.
    const planted = await t.db.query<{ event: string; status: string; n: number }>(
      `SELECT event, status, count(*)::int AS n FROM deliveries
       WHERE recipient_value = ANY($1) GROUP BY event, status ORDER BY event, status`,
      [ROBOT_TARGETS.map((r) => r.url)],
    );
    const n = ROBOT_TARGETS.length;
    expect(planted.rows).toEqual([
      { event: 'digest', status: 'pending', n },
      { event: 'weather_warning', status: 'folded', n },
      { event: 'weather_warning', status: 'pending', n },
    ]);
    // A delivery to the robot, as the outbox writes it, with a failure that names the URL.
    const d = await t.db.query<{ id: number }>(
      `INSERT INTO deliveries (idempotency_key, group_id, event, channel, recipient_kind, recipient_value, address,
         channel_options, payload, next_attempt_at, created_at, last_error)
       VALUES ('admindb-1', $1, 'test', 'dingtalk', 'dingtalk', $2, $2, $3::jsonb, '{}', now(), now(), $4) RETURNING id`,
      [t.demoGroupId, ROBOT_URL, JSON.stringify({ secret: ROBOT_SECRET }), `refused ${ROBOT_URL}`],
    );
    await t.db.query(
      `INSERT INTO delivery_attempts (delivery_id, attempt, started_at, duration_ms, ok, error)
       VALUES ($1, 1, now(), 5, false, $2)`,
      [d.rows[0]?.id, `refused ${ROBOT_URL}`],
    );
    await t.db.query(
      `INSERT INTO sms_outbox (phone, message, provider, status) VALUES ('+8613800000000', $1, 'dev', 'sent')`,
      [SMS_TEXT],
    );
    // The robot's duplicate-window slot (its key names the URL) and a tile layer whose URL carries an API key.
    await t.db.query(`INSERT INTO delivery_dedupe (key, delivery_id, at) VALUES ($1, $2, now())`, [
      `dingtalk:${ROBOT_URL}:dingtalk:${location.json().id}:2`,
      d.rows[0]?.id,
    ]);
    await t.db.query(
      `INSERT INTO custom_layers (group_id, name, kind, url, color, opacity, created_at, updated_at)
       VALUES ($1, 'Tiles', 'xyz', $2, '#336699', 0.8, now(), now())`,
      [t.demoGroupId, TILE_URL],
    );
  });
  afterAll(() => t.close());

  const get = (url: string, token = t.admin.access) => t.call({ method: 'GET', url, token });

  /** Every secret planted or derived: plain passwords, keys, tokens, secrets and every stored hash. */
  async function secrets(): Promise<string[]> {
    const stored = async (sql: string) => (await t.db.query<{ v: string }>(sql)).rows.map((r) => r.v);
    return [
      manager.password,
      t.admin.password,
      feedKey,
      TILE_KEY,
      WEBHOOK_SECRET,
      ROBOT_SECRET,
      'robottoken7f3e9a1b',
      ...ROBOT_TARGETS.map((r) => r.token),
      '493021',
      manager.access,
      manager.refresh,
      t.admin.refresh,
      ...(await stored('SELECT password_hash AS v FROM users')),
      ...(await stored('SELECT key_hash AS v FROM feeds')),
      ...(await stored('SELECT token_hash AS v FROM refresh_tokens')),
      ...(await stored('SELECT code_hash AS v FROM verify_codes')),
      ...(await stored('SELECT value AS v FROM settings')),
    ].filter((s) => s.length >= 6);
  }

  it('lists the allow-listed tables with row counts and columns, secrets marked masked', async () => {
    const res = await get(TABLE);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.write_enabled).toBe(true);
    expect(body.tables.map((x: { name: string }) => x.name)).toEqual(ADMIN_TABLES.map((x) => x.name));
    const users = body.tables.find((x: { name: string }) => x.name === 'users');
    expect(users.rows).toBeGreaterThanOrEqual(2);
    expect(users.rows_estimated).toBe(false);
    expect(users.columns.find((c: { name: string }) => c.name === 'password_hash')).toMatchObject({
      masked: true,
      editable: false,
    });
    const strokes = body.tables.find((x: { name: string }) => x.name === 'strokes');
    expect(strokes).toMatchObject({ key: null });
    expect(strokes.columns.find((c: { name: string }) => c.name === 'peak_ka').queryable).toBe(false);
    expect(body.tables.some((x: { name: string }) => x.name === 'wechat_binding_keys')).toBe(false);
  });

  it('never answers with a secret: every allowed table, page and item, scanned for the planted ones', async () => {
    const known = await secrets();
    expect(known.length).toBeGreaterThan(10);
    const answers: string[] = [(await get(TABLE)).body];
    for (const table of ADMIN_TABLES) {
      const page = await get(`${TABLE}?table=${table.name}&limit=200`);
      expect(page.statusCode, `${table.name}: ${page.body}`).toBe(200);
      answers.push(page.body);
      const body = page.json();
      for (const c of table.columns.filter((x) => x.masked)) {
        for (const row of body.items) expect(row[c.name], `${table.name}.${c.name}`).toBe(MASK);
      }
      if (!table.key) continue;
      for (const row of body.items.slice(0, 20)) {
        const item = await get(
          `${ITEM}?table=${table.name}&key=${encodeURIComponent(String(row[table.key]))}`,
        );
        expect(item.statusCode, item.body).toBe(200);
        answers.push(item.body);
      }
    }
    const rowsSeen = answers.join('\n');
    expect(rowsSeen).toContain('deliveries');
    expect(rowsSeen).toContain('"channel":"dingtalk"');
    expect(rowsSeen).toContain('"name":"Tiles"');
    expect(rowsSeen).toContain('"table":{"name":"delivery_dedupe"');
    for (const secret of known)
      expect(rowsSeen.includes(secret), `secret ${secret.slice(0, 4)}… leaked`).toBe(false);
  });

  it('finds no robot token or webhook secret by searching any column of any table', async () => {
    type Listed = {
      name: string;
      columns: { name: string; type: string; masked: boolean; queryable: boolean }[];
    };
    const listed: Listed[] = (await get(TABLE)).json().tables;
    // Every text column that can be searched at all.
    const text = listed.flatMap((table) =>
      table.columns
        .filter((c) => !c.masked && c.queryable && c.type === 'text')
        .map((c) => [table.name, c.name] as const),
    );
    expect(text).toContainEqual(['deliveries', 'idempotency_key']);
    for (const { token } of ROBOT_TARGETS) {
      for (const [table, column] of text) {
        const res = await get(`${TABLE}?table=${table}&column=${column}&op=contains&value=${token}`);
        expect(res.statusCode, `${table}.${column}: ${res.body}`).toBe(200);
        expect(res.json().items, `${token.slice(0, 6)}… found in ${table}.${column}`).toEqual([]);
      }
    }
  });

  it('pages, sorts and filters with equals, contains and range', async () => {
    const all = (await get(`${TABLE}?table=users&sort=username&order=asc&limit=1`)).json();
    expect(all.items).toHaveLength(1);
    expect(all.has_more).toBe(true);
    expect(all.total).toBeGreaterThanOrEqual(2);
    const byName = (await get(`${TABLE}?table=users&column=username&op=eq&value=${manager.username}`)).json();
    expect(byName.items.map((r: { id: number }) => r.id)).toEqual([manager.id]);
    const contains = (await get(`${TABLE}?table=users&column=username&op=contains&value=GROUPADMIN`)).json();
    expect(contains.items.some((r: { id: number }) => r.id === manager.id)).toBe(true);
    const range = (
      await get(`${TABLE}?table=users&column=id&op=range&from=${manager.id}&to=${manager.id + 1}`)
    ).json();
    expect(range.items.map((r: { id: number }) => r.id)).toEqual([manager.id]);
    const tooMany = await get(`${TABLE}?table=users&limit=201`);
    expect(tooMany.statusCode).toBe(400);
    const maskedSort = await get(`${TABLE}?table=users&sort=password_hash`);
    expect(maskedSort.statusCode).toBe(400);
    expect(maskedSort.json().error.details[0].field).toBe('sort');
    const maskedFilter = await get(`${TABLE}?table=users&column=password_hash&value=x`);
    expect(maskedFilter.statusCode).toBe(400);
    const bigUnindexed = await get(`${TABLE}?table=strokes&sort=peak_ka`);
    expect(bigUnindexed.statusCode).toBe(400);
  });

  it.each([
    ["' OR 1=1 --"],
    ['1; DROP TABLE users'],
    ['name) union select password_hash from users --'],
    ["x' AND (SELECT pg_sleep(5)) IS NULL --"],
  ])('treats %s as data in values and refuses it as a name', async (payload) => {
    const before = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0]?.n;
    const p = encodeURIComponent(payload);
    const asText = await get(`${TABLE}?table=users&column=username&op=eq&value=${p}`);
    expect(asText.statusCode).toBe(200);
    expect(asText.json()).toMatchObject({ items: [], total: 0 });
    const asContains = await get(`${TABLE}?table=users&column=name&op=contains&value=${p}`);
    expect(asContains.json().items).toEqual([]);
    const asKey = await get(`${ITEM}?table=settings&key=${p}`);
    expect(asKey.statusCode).toBe(404);
    for (const url of [
      `${TABLE}?table=users&column=id&value=${p}`,
      `${TABLE}?table=users&column=id&op=range&from=${p}`,
      `${TABLE}?table=${p}`,
      `${TABLE}?table=users&sort=${p}`,
      `${TABLE}?table=users&column=${p}&value=1`,
      `${ITEM}?table=users&key=${p}`,
      `${ITEM}?table=${p}&key=1`,
      `${AUDIT}?table=${p}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
    }
    const after = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0]?.n;
    expect(after).toBe(before);
    expect((await t.db.query("SELECT to_regclass('users') IS NOT NULL AS ok")).rows[0]).toEqual({ ok: true });
  });

  it('refuses a group admin everywhere with 403', async () => {
    for (const url of [TABLE, `${TABLE}?table=users`, `${ITEM}?table=users&key=1`, AUDIT]) {
      const res = await get(url, manager.access);
      expect(res.statusCode, url).toBe(403);
    }
    const edit = await t.call({
      method: 'PUT',
      url: ITEM,
      token: manager.access,
      payload: { table: 'users', key: String(manager.id), values: { name: 'Mallory' } },
    });
    expect(edit.statusCode).toBe(403);
  });

  it('edits an allow-listed column in a transaction with an audit row of before and after', async () => {
    const edit = await t.call({
      method: 'PATCH',
      url: ITEM,
      token: t.admin.access,
      payload: { table: 'users', key: String(manager.id), values: { name: 'Duty Manager', disabled: false } },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().item).toMatchObject({ name: 'Duty Manager', password_hash: MASK });
    const audit = (await get(`${AUDIT}?table=users`)).json();
    expect(audit.items[0]).toMatchObject({
      username: t.admin.username,
      user_id: t.admin.id,
      table_name: 'users',
      row_key: String(manager.id),
      before: { name: '', disabled: false },
      after: { name: 'Duty Manager', disabled: false },
    });
    expect(Date.now() - Date.parse(audit.items[0].at)).toBeLessThan(60_000);
    const viaTable = (await get(`${TABLE}?table=admin_db_audit`)).json();
    expect(viaTable.items[0].after).toEqual({ name: 'Duty Manager', disabled: false });
  });

  it.each([
    [{ role: 'admin' }, 'values/role', 'is not editable'],
    [{ password_hash: 'x' }, 'values/password_hash', 'is not editable'],
    [{ nope: 'x' }, 'values/nope', 'is not a column of users'],
    [{ disabled: 'yes' }, 'values/disabled', 'must be true or false'],
    [{ language: 'fr' }, 'values/language', 'must be one of zh-Hans, en'],
    [{ name: 'x'.repeat(101) }, 'values/name', 'must be at most 100 characters'],
  ])('refuses the edit %j naming %s', async (values, field, message) => {
    const auditBefore = (await get(AUDIT)).json().total;
    const res = await t.call({
      method: 'PUT',
      url: ITEM,
      token: t.admin.access,
      payload: { table: 'users', key: String(manager.id), values },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0]).toEqual({ field, message });
    expect((await get(AUDIT)).json().total).toBe(auditBefore);
  });

  it('refuses an edit the table rules forbid (a second live feed of the same name), auditing nothing', async () => {
    await t.createFeed(`twin-${kind}`);
    const other = (
      await t.db.query<{ id: number }>('SELECT id FROM feeds WHERE name = $1', [`admindb-${kind}`])
    ).rows[0];
    const auditBefore = (await get(AUDIT)).json().total;
    const res = await t.call({
      method: 'PATCH',
      url: ITEM,
      token: t.admin.access,
      payload: { table: 'feeds', key: String(other?.id), values: { name: `twin-${kind}` } },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.details[0].field).toBe('values');
    expect((await get(AUDIT)).json().total).toBe(auditBefore);
  });

  it('refuses edits of a table without a key and of a missing row', async () => {
    const noKey = await t.call({
      method: 'PUT',
      url: ITEM,
      token: t.admin.access,
      payload: { table: 'strokes', key: '1', values: { source: 'x' } },
    });
    expect(noKey.statusCode).toBe(400);
    const missing = await t.call({
      method: 'PUT',
      url: ITEM,
      token: t.admin.access,
      payload: { table: 'users', key: '999999999', values: { name: 'Nobody' } },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('admin_db.row_not_found');
  });

  it('records every call in the access log', async () => {
    await get(`${TABLE}?table=groups`);
    await get(`${ITEM}?table=groups&key=${t.demoGroupId}`);
    const log = (await get('/api/access_log?path=dynamo_db&limit=1000')).json();
    const paths = new Set(log.items.map((e: { path: string }) => e.path));
    expect(paths).toEqual(new Set([TABLE, ITEM, AUDIT]));
    expect(
      log.items.some((e: { method: string; path: string }) => e.method === 'PATCH' && e.path === ITEM),
    ).toBe(true);
    expect(log.items.some((e: { status: number }) => e.status === 403)).toBe(true);
  });
});

describe.each(DB_KINDS)('administrator database view, read only (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('refuses every edit with 403 admin_db.read_only unless ADMIN_DB_WRITE=true, and writes no audit', async () => {
    const list = (await t.call({ method: 'GET', url: TABLE, token: t.admin.access })).json();
    expect(list.write_enabled).toBe(false);
    const res = await t.call({
      method: 'PUT',
      url: ITEM,
      token: t.admin.access,
      payload: { table: 'users', key: String(t.admin.id), values: { name: 'Root' } },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('admin_db.read_only');
    expect(
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM admin_db_audit')).rows[0]?.n,
    ).toBe(0);
    const user = (await t.db.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [t.admin.id]))
      .rows[0];
    expect(user?.name).not.toBe('Root');
  });
});
