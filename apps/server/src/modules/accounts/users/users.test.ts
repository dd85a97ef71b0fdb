import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';

describe.each(DB_KINDS)('users, groups and roles (%s)', (kind) => {
  let t: TestApp;
  let otherGroup: number;
  let groupAdmin: TestUser;
  let operator: TestUser;
  let viewer: TestUser;
  let stranger: TestUser; // a user of another group
  beforeAll(async () => {
    t = await startTestApp(kind);
    otherGroup = await t.createGroup('other-org');
    groupAdmin = await t.createUser({ role: 'group_admin' });
    operator = await t.createUser({ role: 'operator' });
    viewer = await t.createUser({ role: 'viewer' });
    stranger = await t.createUser({ role: 'operator', groupId: otherGroup });
  });
  afterAll(() => t.close());

  const get = (url: string, token: string) => t.call({ method: 'GET', url, token });
  const post = (url: string, token: string, payload: object) =>
    t.call({ method: 'POST', url, token, payload });

  it('returns the caller with group and permissions', async () => {
    const me = (await get('/api/user_data', operator.access)).json();
    expect(me).toMatchObject({
      id: operator.id,
      role: 'operator',
      group: { id: t.demoGroupId },
      language: 'zh-Hans',
    });
    expect(me.time_zone).toBe('Asia/Shanghai');
    expect(me).not.toHaveProperty('password_hash');
  });

  it('lets a user edit their own profile and validates it', async () => {
    const res = await post('/api/change_profile_by_user', viewer.access, {
      name: '张三',
      email: 'zs@example.com',
      language: 'en',
      time_zone: 'Europe/Berlin',
      notification_prefs: { in_app: true, sms: true, email: false, wechat: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: '张三', language: 'en', time_zone: 'Europe/Berlin' });
    const badTz = await post('/api/change_profile_by_user', viewer.access, { time_zone: 'Mars/Olympus' });
    expect(badTz.json().error.details).toEqual([{ field: 'time_zone', message: 'unknown time zone' }]);
    const badMail = await post('/api/change_profile_by_user', viewer.access, { email: 'nope' });
    expect(badMail.json().error.details[0].field).toBe('email');
    const role = await post('/api/change_profile_by_user', viewer.access, { role: 'admin' });
    expect(role.statusCode).toBe(400);
    expect(role.json().error.details).toEqual([{ field: 'role', message: 'is not a known field' }]);
  });

  it('refuses a phone number that belongs to someone else with 409', async () => {
    await post('/api/change_profile_by_user', operator.access, { phone: '13700000009' });
    const res = await post('/api/change_profile_by_user', viewer.access, { phone: '13700000009' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('user.phone_taken');
  });

  it('lists groups: all for admins, only their own for others', async () => {
    expect((await get('/api/group_list/', t.admin.access)).json().total).toBe(3);
    const own = (await get('/api/group_list/', operator.access)).json();
    expect(own.items.map((g: { id: number }) => g.id)).toEqual([t.demoGroupId]);
  });

  it('lists users of the caller group only; other groups look absent', async () => {
    const list = (await get('/api/group_user_list/', groupAdmin.access)).json();
    expect(list.items.every((u: { group: { id: number } }) => u.group.id === t.demoGroupId)).toBe(true);
    expect(list.items.map((u: { id: number }) => u.id)).not.toContain(stranger.id);
    expect((await get(`/api/group_user_list/?group_id=${otherGroup}`, groupAdmin.access)).statusCode).toBe(
      404,
    );
    const all = (await get('/api/group_user_list/?limit=1000', t.admin.access)).json();
    expect(all.items.map((u: { id: number }) => u.id)).toContain(stranger.id);
    const search = (await get(`/api/group_user_list/?q=${viewer.username}`, groupAdmin.access)).json();
    expect(search.items.map((u: { id: number }) => u.id)).toEqual([viewer.id]);
  });

  it('finds who may be on a group’s lists by part of a name: its users and admins, other admins’ contacts left out', async () => {
    const otherAdmin = await t.createUser({ role: 'admin', groupId: otherGroup, phone: '13900000077' });
    const find = async (query: string, token = groupAdmin.access) => {
      const res = await get(`/api/group_user_list/?${query}`, token);
      return { status: res.statusCode, body: res.json() };
    };
    const ids = (page: { items: { id: number }[] }) => page.items.map((u) => u.id);

    const mine = await find(`recipients_of=${t.demoGroupId}&limit=1000`);
    expect(ids(mine.body)).toEqual(expect.arrayContaining([viewer.id, operator.id, otherAdmin.id]));
    expect(ids(mine.body)).not.toContain(stranger.id);
    const named = await find(`recipients_of=${t.demoGroupId}&q=${otherAdmin.username.slice(0, -1)}`);
    expect(named.body.items).toEqual([
      expect.objectContaining({ id: otherAdmin.id, role: 'admin', phone: null, email: null }),
    ]);
    // Another group's admin cannot be found by a phone number the caller may not see.
    expect(ids((await find(`recipients_of=${t.demoGroupId}&q=13900000077`)).body)).toEqual([]);
    const byAdmin = await find(`recipients_of=${otherGroup}&q=13900000077`, t.admin.access);
    expect(byAdmin.body.items).toEqual([
      expect.objectContaining({ id: otherAdmin.id, phone: '13900000077' }),
    ]);
    expect(ids((await find(`recipients_of=${otherGroup}&limit=1000`, t.admin.access)).body)).toContain(
      stranger.id,
    );

    expect((await find(`recipients_of=${otherGroup}`)).status).toBe(404);
    const both = await find(`recipients_of=${t.demoGroupId}&group_id=${t.demoGroupId}`);
    expect(both.status).toBe(400);
    expect(both.body.error.details).toEqual([
      { field: 'recipients_of', message: 'cannot be combined with group_id' },
    ]);
    expect((await find(`recipients_of=${t.demoGroupId}`, operator.access)).status).toBe(403);
  });

  it('operators and viewers cannot read or manage users', async () => {
    for (const u of [operator, viewer]) {
      expect((await get('/api/group_user_list/', u.access)).statusCode).toBe(403);
      const create = await post('/api/group_user_list/', u.access, {
        username: 'x1',
        password: 'Passw0rd1',
        role: 'viewer',
      });
      expect(create.statusCode).toBe(403);
      expect(
        (await post('/api/change_role', u.access, { user_id: viewer.id, role: 'operator' })).statusCode,
      ).toBe(403);
      expect((await post('/api/admin/reset_password', u.access, { user_id: viewer.id })).statusCode).toBe(
        403,
      );
      expect((await get('/api/access_log', u.access)).statusCode).toBe(403);
      expect((await post('/api/change_profile_by_group', u.access, { name: 'x' })).statusCode).toBe(403);
    }
  });

  it('group admins create users in their own group only, never admins', async () => {
    const ok = await post('/api/group_user_list/', groupAdmin.access, {
      username: 'NewOp1',
      password: 'Passw0rd1',
      role: 'operator',
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ username: 'newop1', group: { id: t.demoGroupId } });
    const elsewhere = await post('/api/group_user_list/', groupAdmin.access, {
      username: 'newop2',
      password: 'Passw0rd1',
      role: 'operator',
      group_id: otherGroup,
    });
    expect(elsewhere.statusCode).toBe(404);
    const admin = await post('/api/group_user_list/', groupAdmin.access, {
      username: 'boss',
      password: 'Passw0rd1',
      role: 'admin',
    });
    expect(admin.json().error.code).toBe('role.not_assignable');
    const taken = await post('/api/group_user_list/', groupAdmin.access, {
      username: 'newop1',
      password: 'Passw0rd1',
      role: 'viewer',
    });
    expect(taken.statusCode).toBe(409);
    const weak = await post('/api/group_user_list/', groupAdmin.access, {
      username: 'weak1',
      password: 'password',
      role: 'viewer',
    });
    expect(weak.json().error.code).toBe('password.too_weak');
  });

  it('changes roles within reach; group admins cannot touch other groups or raise to admin', async () => {
    const u = await t.createUser({ role: 'viewer' });
    const ok = await post('/api/change_role', groupAdmin.access, { user_id: u.id, role: 'operator' });
    expect(ok.json().role).toBe('operator');
    // The change is effective at once, on the user's existing token.
    expect((await get('/api/user_data', u.access)).json().permissions).toContain('alarm.confirm');
    expect(
      (await post('/api/change_role', groupAdmin.access, { user_id: u.id, role: 'admin' })).statusCode,
    ).toBe(403);
    expect(
      (await post('/api/change_role', groupAdmin.access, { user_id: stranger.id, role: 'viewer' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await post('/api/change_role', groupAdmin.access, { user_id: t.admin.id, role: 'viewer' })).statusCode,
    ).toBe(404);
    const self = await post('/api/change_role', groupAdmin.access, {
      user_id: groupAdmin.id,
      role: 'viewer',
    });
    expect(self.json().error.code).toBe('user.cannot_change_self');
    const roles = (await get('/api/roles/', groupAdmin.access)).json().items;
    expect(roles.find((r: { name: string }) => r.name === 'admin').assignable).toBe(false);
    expect(roles.find((r: { name: string }) => r.name === 'viewer').assignable).toBe(true);
  });

  it('resets another user password: generated once, sessions ended', async () => {
    const u = await t.createUser({ role: 'viewer' });
    const res = await post('/api/admin/reset_password', groupAdmin.access, { user_id: u.id });
    expect(res.statusCode).toBe(200);
    const { password } = res.json();
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect((await get('/api/user_data', u.access)).statusCode).toBe(401);
    await t.login(u.username, password);
    const chosen = await post('/api/admin/reset_password', t.admin.access, {
      user_id: u.id,
      password: 'Chosen123',
    });
    expect(chosen.json()).toEqual({ status: 'ok' });
    expect(
      (await post('/api/admin/reset_password', groupAdmin.access, { user_id: stranger.id })).statusCode,
    ).toBe(404);
  });

  it('disables and re-enables users, never oneself', async () => {
    const u = await t.createUser({ role: 'viewer' });
    const off = await t.call({
      method: 'PATCH',
      url: `/api/group_user_list/${u.id}`,
      token: groupAdmin.access,
      payload: { disabled: true },
    });
    expect(off.json().disabled).toBe(true);
    expect((await get('/api/user_data', u.access)).statusCode).toBe(401);
    const on = await t.call({
      method: 'PATCH',
      url: `/api/group_user_list/${u.id}`,
      token: groupAdmin.access,
      payload: { disabled: false },
    });
    expect(on.json().disabled).toBe(false);
    await t.login(u.username, u.password);
    const self = await t.call({
      method: 'PATCH',
      url: `/api/group_user_list/${groupAdmin.id}`,
      token: groupAdmin.access,
      payload: { disabled: true },
    });
    expect(self.statusCode).toBe(400);
    const other = await t.call({
      method: 'PATCH',
      url: `/api/group_user_list/${stranger.id}`,
      token: groupAdmin.access,
      payload: { disabled: true },
    });
    expect(other.statusCode).toBe(404);
  });

  it('group admins edit their group profile; admins any group; groups are created by admins only', async () => {
    const res = await post('/api/change_profile_by_group', groupAdmin.access, {
      contact_name: '李四',
      address: '广州',
    });
    expect(res.json()).toMatchObject({ id: t.demoGroupId, contact_name: '李四', address: '广州' });
    expect(
      (await post('/api/change_profile_by_group', groupAdmin.access, { group_id: otherGroup, name: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await post('/api/change_profile_by_group', t.admin.access, { group_id: otherGroup, name: 'Other' })
      ).json().name,
    ).toBe('Other');
    expect(
      (await post('/api/group_list/', groupAdmin.access, { slug: 'mine', name: 'Mine' })).statusCode,
    ).toBe(403);
    expect(
      (await post('/api/group_list/', t.admin.access, { slug: 'other-org', name: 'dup' })).statusCode,
    ).toBe(409);
  });
});
