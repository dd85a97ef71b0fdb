import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';
import { cmaAlert } from '../warnings/fixtures/cma-alert.js';

describe.each(DB_KINDS)('decision checklists (%s)', (kind) => {
  let t: TestApp;
  let SITUATION = '';
  let officer: TestUser;
  let viewer: TestUser;
  let deputy: TestUser;
  let elsewhere: TestUser;
  beforeAll(async () => {
    t = await startTestApp(kind);
    officer = await t.createUser({ role: 'operator' });
    viewer = await t.createUser({ role: 'viewer' });
    deputy = await t.createUser({ role: 'group_admin' });
    elsewhere = await t.createUser({ role: 'operator', groupId: await t.createGroup('port-b') });
    // The official warning the ticks follow.
    const stored = await t.app.services.weatherWarnings.ingest(
      null,
      Buffer.from(
        cmaAlert({ id: 'gd-2026-0701-gale', sent: '2026-07-01T09:00:00+08:00', event: '大风黄色预警' }),
      ),
    );
    SITUATION = `warning:${stored.alerts[0]?.id}`;
  });
  afterAll(() => t.close());

  const items = async (query = '') =>
    (await t.call({ method: 'GET', url: `/api/decision/checklist${query}`, token: viewer.access })).json()
      .items as { id: number; level: string; text_zh: string; text_en: string; position: number }[];
  const ticks = async (user: TestUser, situation = SITUATION) =>
    (
      await t.call({
        method: 'GET',
        url: `/api/decision/situations/${situation}/ticks`,
        token: user.access,
      })
    ).json();
  const tick = (user: TestUser, itemId: number, method: 'PUT' | 'DELETE' = 'PUT', situation = SITUATION) =>
    t.call({ method, url: `/api/decision/situations/${situation}/ticks/${itemId}`, token: user.access });

  it('comes seeded with items per level in both languages', async () => {
    const all = await items();
    for (const level of ['blue', 'yellow', 'orange', 'red'])
      expect(all.filter((i) => i.level === level).length, level).toBeGreaterThanOrEqual(3);
    expect(all.map((i) => i.text_en)).toContain('Stop and lock cranes and gantries');
    expect(all.map((i) => i.text_zh)).toContain('停止高空作业');
    const red = await items('?level=red');
    expect(red.every((i) => i.level === 'red')).toBe(true);
  });

  it('lets checklist.manage holders edit items, and refuses others and bad input by name', async () => {
    const input = { level: 'yellow', text_zh: ' 关闭港口闸门 ', text_en: 'Close the harbour gates' };
    const refused = await t.call({
      method: 'POST',
      url: '/api/decision/checklist',
      token: officer.access,
      payload: input,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('permission.denied');
    const created = await t.call({
      method: 'POST',
      url: '/api/decision/checklist',
      token: t.admin.access,
      payload: input,
    });
    expect(created.statusCode, created.body).toBe(200);
    const item = created.json();
    expect(item).toMatchObject({
      level: 'yellow',
      text_zh: '关闭港口闸门',
      text_en: 'Close the harbour gates',
    });
    const yellow = await items('?level=yellow');
    expect(yellow.at(-1)?.id).toBe(item.id);

    const moved = await t.call({
      method: 'PUT',
      url: `/api/decision/checklist/${item.id}`,
      token: t.admin.access,
      payload: { ...input, level: 'orange', position: 0 },
    });
    expect(moved.json()).toMatchObject({ level: 'orange', position: 0 });
    expect((await items('?level=orange'))[0]?.id).toBe(item.id);

    for (const [payload, field] of [
      [{ ...input, level: 'purple' }, 'level'],
      [{ ...input, text_en: '   ' }, 'text_en'],
      [{ ...input, text_zh: 'x'.repeat(201) }, 'text_zh'],
      [{ ...input, position: 5000 }, 'position'],
    ] as const) {
      const r = await t.call({
        method: 'POST',
        url: '/api/decision/checklist',
        token: t.admin.access,
        payload,
      });
      expect(r.statusCode, field).toBe(400);
      expect(JSON.stringify(r.json().error.details), field).toContain(field);
    }
    const missing = await t.call({
      method: 'PUT',
      url: '/api/decision/checklist/999999',
      token: t.admin.access,
      payload: input,
    });
    expect(missing.json().error.code).toBe('checklist.item_not_found');
    const removed = await t.call({
      method: 'DELETE',
      url: `/api/decision/checklist/${item.id}`,
      token: t.admin.access,
    });
    expect(removed.statusCode).toBe(200);
    expect((await items()).some((i) => i.id === item.id)).toBe(false);
  });

  it('stores the duty officer’s ticks per group and situation with who and when, and audits each', async () => {
    const [first, second] = await items('?level=yellow');
    if (!first || !second) throw new Error('no seeded yellow items');
    const before = Date.now();
    const ticked = await tick(officer, first.id);
    expect(ticked.statusCode, ticked.body).toBe(200);
    expect(ticked.json()).toMatchObject({
      item_id: first.id,
      ticked_by: { id: officer.id, name: officer.username },
    });
    expect(new Date(ticked.json().ticked_at).getTime()).toBeGreaterThanOrEqual(before - 5000);
    // A second tick keeps the first one's who and when.
    const again = await tick(deputy, first.id);
    expect(again.json()).toEqual(ticked.json());
    await tick(officer, second.id);

    const mine = await ticks(viewer);
    expect(mine.situation).toBe(SITUATION);
    expect(mine.ticks.map((x: { item_id: number }) => x.item_id)).toEqual([first.id, second.id]);
    // Another group's duty officer has their own list, and another situation starts empty.
    expect((await ticks(elsewhere)).ticks).toEqual([]);
    expect((await ticks(officer, 'observed:2026-07-01')).ticks).toEqual([]);

    expect((await tick(officer, second.id, 'DELETE')).statusCode).toBe(200);
    expect((await tick(officer, second.id, 'DELETE')).statusCode).toBe(200);
    expect((await ticks(officer)).ticks.map((x: { item_id: number }) => x.item_id)).toEqual([first.id]);

    const log = (
      await t.call({
        method: 'GET',
        url: `/api/access_log?path=${encodeURIComponent(`/api/decision/situations/${SITUATION}/ticks/`)}&limit=100`,
        token: t.admin.access,
      })
    ).json();
    const actions = log.items
      .filter((e: { username: string }) => e.username === officer.username)
      .map((e: { method: string; path: string; status: number }) => `${e.method} ${e.path} ${e.status}`)
      .reverse();
    expect(actions).toEqual([
      `PUT /api/decision/situations/${SITUATION}/ticks/${first.id} 200`,
      `PUT /api/decision/situations/${SITUATION}/ticks/${second.id} 200`,
      `DELETE /api/decision/situations/${SITUATION}/ticks/${second.id} 200`,
      `DELETE /api/decision/situations/${SITUATION}/ticks/${second.id} 200`,
    ]);
  });

  it('refuses ticks without checklist.tick, of unknown items, and of malformed situations', async () => {
    const [item] = await items('?level=blue');
    if (!item) throw new Error('no seeded blue items');
    const denied = await tick(viewer, item.id);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe('permission.denied');
    expect((await tick(viewer, item.id, 'DELETE')).statusCode).toBe(403);
    const unknown = await tick(officer, 999999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('checklist.item_not_found');
    expect((await tick(officer, 999999, 'DELETE')).statusCode).toBe(404);
    for (const situation of [
      'typhoon:1',
      'observed:2026-7-1',
      'warning:cap-gd-2026',
      'warning:0',
      `warning:${'1'.repeat(17)}`,
    ]) {
      const r = await tick(officer, item.id, 'PUT', situation);
      expect(r.statusCode, situation).toBe(400);
      expect(JSON.stringify(r.json().error.details), situation).toContain('situation');
    }
    const gone = await tick(officer, item.id, 'PUT', 'warning:999999');
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.code).toBe('weather_warning.not_found');
    // Longer than the router takes for a path parameter.
    const long = await tick(officer, item.id, 'PUT', `warning:${'x'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    const badId = await tick(officer, 0);
    expect(badId.statusCode).toBe(400);
    expect(JSON.stringify(badId.json().error.details)).toContain('item_id');
    // The viewer's refused tick is audited too.
    const log = (
      await t.call({
        method: 'GET',
        url: `/api/access_log?username=${viewer.username}&status=403&limit=10`,
        token: t.admin.access,
      })
    ).json();
    expect(
      log.items.some(
        (e: { method: string; path: string }) => e.method === 'PUT' && e.path.endsWith(`/ticks/${item.id}`),
      ),
    ).toBe(true);
  });
});
