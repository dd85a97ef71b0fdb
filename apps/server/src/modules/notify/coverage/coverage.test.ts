import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';

const POINT = { type: 'Point', coordinates: [113.3, 23.1] };

/** Who a site's alarms would reach: the duty list every group gets, the lists written since, the followers. */
describe.each(DB_KINDS)('alarm coverage of a site (%s)', (kind) => {
  let t: TestApp;
  let group: number;
  let operator: TestUser;
  let site: number;
  let redOnly: number;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { ALLOW_PRIVATE_WEBHOOKS: 'true' } });
    group = await t.createGroup('coverage-a', { dutyList: true });
    operator = await t.createUser({ role: 'operator', groupId: group });
    const make = async (name: string, rings?: unknown) =>
      (
        await t.call({
          method: 'POST',
          url: '/api/locations',
          token: operator.access,
          payload: { name, shape: POINT, ...(rings ? { rings } : {}) },
        })
      ).json().id as number;
    site = await make('Substation');
    redOnly = await make('Tank farm', [
      { radius_km: 10, level: 3, all_clear_min: 30, min_strokes: 1, window_min: 5, include_ic: true },
    ]);
  });
  afterAll(() => t.close());

  const get = (url: string, user: TestUser = operator) => t.call({ method: 'GET', url, token: user.access });
  const coverage = async (id: number, user?: TestUser) =>
    (await get(`/api/locations/${id}/coverage`, user)).json();

  it('makes every group its duty list, which reaches nobody until the group has an administrator', async () => {
    const lists = (await get('/api/distribute_get')).json().items;
    expect(lists).toEqual([
      expect.objectContaining({
        name: 'Duty desk',
        builtin: 'duty',
        locations: 'all',
        min_level: 1,
        channels: ['inapp'],
        recipients: [{ kind: 'role', value: 'group_admin' }],
      }),
    ]);
    expect(await coverage(site)).toEqual({
      location_id: site,
      group_id: group,
      levels: [
        { level: 1, told: [] },
        { level: 2, told: [] },
        { level: 3, told: [] },
      ],
      untold_levels: [1, 2, 3],
    });
    expect((await get('/api/locations/coverage')).json()).toEqual({
      items: [
        { location_id: site, untold_levels: [1, 2, 3] },
        { location_id: redOnly, untold_levels: [3] },
      ],
    });
  });

  it("tells the group's administrators through the duty list once the group has one", async () => {
    const chief = await t.createUser({ role: 'group_admin', groupId: group });
    const duty = (await get('/api/distribute_get')).json().items[0].id;
    const told = { channel: 'inapp', recipient_kind: 'user', list_id: duty, escalation: false };
    const answer = await coverage(redOnly);
    expect(answer.levels).toEqual([{ level: 3, told: [{ ...told, name: expect.any(String) }] }]);
    expect(answer.untold_levels).toEqual([]);
    expect((await get('/api/locations/coverage')).json().items).toEqual([]);
    // Disabled, the administrator is no one's inbox any more.
    await t.db.query('UPDATE users SET disabled = true WHERE id = $1', [chief.id]);
    expect((await coverage(redOnly)).untold_levels).toEqual([3]);
    await t.db.query('UPDATE users SET disabled = false WHERE id = $1', [chief.id]);
  });

  it('names each way a list or a follower reaches someone, a webhook by its host only', async () => {
    // Loopback only: nothing is sent, but a list's webhook is checked where it points.
    const hook = 'http://127.0.0.1:9/hooks/room?token=abcdef0123456789';
    const added = await t.call({
      method: 'POST',
      url: '/api/distribute_add',
      token: t.admin.access,
      payload: {
        name: 'Red only',
        locations: [site],
        min_level: 3,
        channels: ['email', 'sms', 'webhook'],
        recipients: [
          { kind: 'email', value: 'control@example.com' },
          // No phone: the SMS channel does not reach them, and coverage does not pretend it does.
          { kind: 'user', value: String(operator.id) },
          { kind: 'webhook', value: hook },
        ],
        escalate_after_min: 10,
        escalate_to: [{ kind: 'phone', value: '+8613800000000' }],
      },
      query: { group_id: String(group) },
    });
    expect(added.statusCode, added.body).toBe(201);
    const list = added.json().id;
    const follow = await t.call({
      method: 'POST',
      url: '/api/notification/subscription',
      token: operator.access,
      payload: { topic: `location:${site}` },
    });
    expect(follow.statusCode, follow.body).toBeLessThan(300);
    const levels = (await coverage(site)).levels as { level: number; told: Record<string, unknown>[] }[];
    const red = levels.find((l) => l.level === 3)?.told ?? [];
    expect(red).toEqual(
      expect.arrayContaining([
        {
          channel: 'email',
          recipient_kind: 'email',
          name: 'control@example.com',
          list_id: list,
          escalation: false,
        },
        {
          channel: 'webhook',
          recipient_kind: 'webhook',
          name: '127.0.0.1:9',
          list_id: list,
          escalation: false,
        },
        { channel: 'sms', recipient_kind: 'phone', name: '+8613800000000', list_id: list, escalation: true },
      ]),
    );
    expect(red.filter((r) => r.channel === 'sms' && r.recipient_kind === 'user')).toEqual([]);
    // The follower, through the channels they chose (in-app by default), beside the duty list.
    const yellow = levels.find((l) => l.level === 1)?.told ?? [];
    expect(yellow.some((r) => r.list_id === null && r.channel === 'inapp')).toBe(true);
  });

  it('takes a role by name only, tests it through its members, and keeps the duty name until renamed', async () => {
    const [duty] = (await get('/api/distribute_get')).json().items;
    const { created_at, updated_at, group_id, ...asRead } = duty;
    const save = (payload: object) =>
      t.call({ method: 'POST', url: '/api/distribute_update', token: t.admin.access, payload });
    expect((await save(asRead)).json().builtin).toBe('duty');
    const bad = await save({ ...asRead, recipients: [{ kind: 'role', value: 'chief' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([
      { field: 'recipients/0/value', message: 'chief is not a role (group_admin, operator, viewer)' },
    ]);
    const tested = await t.call({
      method: 'POST',
      url: '/api/notification/test',
      token: t.admin.access,
      payload: { channel: 'inapp', recipient: { kind: 'role', value: 'group_admin' }, list_id: duty.id },
    });
    expect(tested.statusCode).toBe(400);
    expect(tested.json().error.details[0].field).toBe('recipient/kind');
    const renamed = (await save({ ...asRead, name: '夜班' })).json();
    expect(renamed).toMatchObject({ name: '夜班', builtin: null });
  });

  it("keeps another group's sites out, and asks for a location that exists", async () => {
    const other = await t.createUser({ role: 'viewer', groupId: await t.createGroup('coverage-b') });
    expect((await get(`/api/locations/${site}/coverage`, other)).statusCode).toBe(404);
    expect((await get(`/api/locations/coverage?group_id=${group}`, other)).statusCode).toBe(404);
    expect((await get('/api/locations/coverage', other)).json()).toEqual({ items: [] });
    expect((await get('/api/locations/999999/coverage')).statusCode).toBe(404);
    expect((await get('/api/locations/abc/coverage')).statusCode).toBe(400);
    expect((await get(`/api/locations/${site}/coverage`, t.admin)).statusCode).toBe(200);
  });
});
